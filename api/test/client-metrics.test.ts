// Business metrics: list, add, edit, the monthly tracker and sharing by mail (to the coach or an address,
// rate-limited). Every call: the happy path, 422 validation, and another client's or tenant's metric ids
// answered 404 with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMetrics } from '../src/seed/seed-metrics.js';
import { demoSetFor } from '../src/seed/sets/index.js';
import { BETA, Harness } from './helpers/harness.js';
import { makeCoach, post } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { mailsTo } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
const set = demoSetFor('demo');
let me: Person;
let other: Person;
let stranger: Person;
beforeAll(async () => {
  await h.start();
  me = await signIn(h);
  other = await signIn(h);
  stranger = await signIn(h, { tenant_id: BETA });
  for (const c of [me, other, stranger])
    await seedMetrics(h.db, { tenantId: c.user.tenantId, clientId: c.user.id, at: h.clock.now(), set });
});
afterAll(() => h.stop());

interface Metric {
  id: number;
  name: string;
  unit: string;
  target: number | null;
  direction: 'up' | 'down';
  values: { period: string; value: number; note: string; updated_at: string }[];
}

const metrics = async (c: Person): Promise<Metric[]> =>
  (await post(h, c, '/api/v1/clientportal/metrics/list/')).json().data;
const thisMonth = () => h.clock.now().toISOString().slice(0, 7);

describe('metrics/list', () => {
  it('lists the caller’s metrics in the order added, each with its months oldest first', async () => {
    const list = await metrics(me);
    expect(list.map((m) => m.name)).toEqual(['Monthly revenue', 'New leads', 'Customer complaints']);
    const revenue = list[0]!;
    expect(revenue).toMatchObject({ unit: 'USD', target: 50_000, direction: 'up' });
    expect(revenue.values).toHaveLength(12);
    const periods = revenue.values.map((v) => v.period);
    expect(periods).toEqual([...periods].sort());
    expect(periods.at(-1)! < thisMonth()).toBe(true);
    expect(list[2]!.direction).toBe('down');
  });

  it('refuses a body with fields (422) and a call without a token (401)', async () => {
    const res = await post(h, me, '/api/v1/clientportal/metrics/list/', { client_id: other.user.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { client_id: ['This field is not allowed.'] } });
    const anonymous = await h.call('POST', '/api/v1/clientportal/metrics/list/', { body: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a token with another tenant’s id (403)', async () => {
    const res = await h.call('POST', '/api/v1/clientportal/metrics/list/', {
      tenant: BETA,
      token: me.token,
      body: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('metrics/save', () => {
  it('adds a metric (201), trimmed, with defaults for what was left out', async () => {
    const client = await signIn(h);
    const res = await post(h, client, '/api/v1/clientportal/metrics/save', { name: '  Gross margin ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Gross margin',
      unit: '',
      target: null,
      direction: 'up',
      values: [],
    });
    const full = await post(h, client, '/api/v1/clientportal/metrics/save', {
      name: 'Overdue invoices',
      unit: ' invoices ',
      target: 0,
      direction: 'down',
    });
    expect(full.json().data).toMatchObject({ unit: 'invoices', target: 0, direction: 'down' });
    expect((await metrics(client)).map((m) => m.name)).toEqual(['Gross margin', 'Overdue invoices']);
    expect(await metrics(other)).toHaveLength(3);
  });

  it('refuses a blank name, a bad direction, a target that is no number and extra fields (422), adding nothing', async () => {
    const res = await post(h, me, '/api/v1/clientportal/metrics/save', {
      name: '   ',
      direction: 'sideways',
      target: 'twelve',
      client_id: other.user.id,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error).sort()).toEqual(['client_id', 'direction', 'name', 'target']);
    const long = await post(h, me, '/api/v1/clientportal/metrics/save', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(422);
    const line = await post(h, me, '/api/v1/clientportal/metrics/save', { name: 'Two\nlines' });
    expect(line.json().error).toHaveProperty('name');
    expect(await metrics(me)).toHaveLength(3);
  });

  it('stops at 50 metrics per client', async () => {
    const client = await signIn(h);
    for (let i = 0; i < 50; i++)
      expect((await post(h, client, '/api/v1/clientportal/metrics/save', { name: `M${i}` })).statusCode).toBe(
        201,
      );
    const res = await post(h, client, '/api/v1/clientportal/metrics/save', { name: 'One more' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.name).toEqual(['You can track at most 50 metrics.']);
  });
});

describe('metrics/update', () => {
  it('edits a metric’s name, unit, target and direction, keeping its months', async () => {
    const [, leads] = await metrics(me);
    const res = await post(h, me, '/api/v1/clientportal/metrics/update', {
      id: leads!.id,
      name: 'Qualified leads',
      unit: 'leads',
      target: 45,
      direction: 'up',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: leads!.id, name: 'Qualified leads', target: 45 });
    expect(res.json().data.values).toEqual(leads!.values);
  });

  it('refuses a bad id or fields (422)', async () => {
    const res = await post(h, me, '/api/v1/clientportal/metrics/update', { id: 0, name: '', target: 1e13 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error).sort()).toEqual(['id', 'name', 'target']);
  });

  it('answers 404 for another client’s or tenant’s metric and changes nothing', async () => {
    for (const owner of [other, stranger]) {
      const before = await metrics(owner);
      const res = await post(h, me, '/api/v1/clientportal/metrics/update', {
        id: before[0]!.id,
        name: 'Mine now',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Metric not found.' });
      expect(await metrics(owner)).toEqual(before);
    }
  });
});

describe('tracker/monthly', () => {
  it('records this month, corrects it when sent again, and clears it with null', async () => {
    const [revenue] = await metrics(me);
    const month = thisMonth();
    const first = await post(h, me, '/api/v1/tracker/monthly', {
      metric_id: revenue!.id,
      period: month,
      value: 52_800.5,
      note: ' New van on the road ',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.values.at(-1)).toMatchObject({
      period: month,
      value: 52_800.5,
      note: 'New van on the road',
    });
    expect(first.json().data.values).toHaveLength(13);

    const again = await post(h, me, '/api/v1/tracker/monthly', {
      metric_id: revenue!.id,
      period: month,
      value: 53_000,
    });
    expect(again.json().data.values).toHaveLength(13);
    expect(again.json().data.values.at(-1)).toMatchObject({ period: month, value: 53_000, note: '' });

    const cleared = await post(h, me, '/api/v1/tracker/monthly', {
      metric_id: revenue!.id,
      period: month,
      value: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.values).toEqual(revenue!.values);
  });

  it('records an earlier month in its place, zero included', async () => {
    const [, , complaints] = await metrics(me);
    const res = await post(h, me, '/api/v1/tracker/monthly', {
      metric_id: complaints!.id,
      period: '2019-03',
      value: 12,
    });
    expect(res.json().data.values[0]).toMatchObject({ period: '2019-03', value: 12 });
    // Zero is a value like any other, not a cleared month.
    const zero = await post(h, me, '/api/v1/tracker/monthly', {
      metric_id: complaints!.id,
      period: '2019-03',
      value: 0,
    });
    expect(zero.json().data.values[0]).toMatchObject({ period: '2019-03', value: 0 });
  });

  it('refuses a bad month, a month still to come, a value that is no number and extra fields (422), changing nothing', async () => {
    const [revenue] = await metrics(me);
    const res = await post(h, me, '/api/v1/tracker/monthly', {
      metric_id: revenue!.id,
      period: '2026-13',
      value: 'five',
      client_id: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error).sort()).toEqual(['client_id', 'period', 'value']);
    const missing = await post(h, me, '/api/v1/tracker/monthly', {
      metric_id: revenue!.id,
      period: '2026-01',
    });
    expect(missing.json().error).toHaveProperty('value');
    const now = h.clock.now();
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1))
      .toISOString()
      .slice(0, 7);
    const future = await post(h, me, '/api/v1/tracker/monthly', {
      metric_id: revenue!.id,
      period: later,
      value: 1,
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().error.period).toEqual(['Choose this month or an earlier one.']);
    expect((await metrics(me))[0]!.values).toEqual(revenue!.values);
  });

  it('answers 404 for another client’s or tenant’s metric and changes nothing', async () => {
    for (const owner of [other, stranger]) {
      const before = await metrics(owner);
      for (const value of [1, null]) {
        const res = await post(h, me, '/api/v1/tracker/monthly', {
          metric_id: before[0]!.id,
          period: before[0]!.values[0]!.period,
          value,
        });
        expect(res.statusCode).toBe(404);
      }
      expect(await metrics(owner)).toEqual(before);
    }
  });
});

describe('metrics/share', () => {
  it('mails the metrics to the client’s coach when no address is given, as plain text', async () => {
    const client = await signIn(h);
    await seedMetrics(h.db, {
      tenantId: client.user.tenantId,
      clientId: client.user.id,
      at: h.clock.now(),
      set,
    });
    const coach = await h.createUser();
    await makeCoach(h, coach.id, client.user.id);
    const res = await post(h, client, '/api/v1/coachingportal/metrics/share/');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sent: true, to: coach.email, metrics: 3 });
    const [mail] = await mailsTo(h.mailDir, coach.email);
    expect(mail!.subject).toContain('shared their business metrics with you');
    expect(mail!.text).toContain('- Monthly revenue: target 50,000 USD, higher is better');
    expect(mail!.text).toContain('51,400 USD (Best month so far)');
    expect(mail!.text).toContain('- Customer complaints: target 2 complaints, lower is better');
  });

  it('mails another address when given one', async () => {
    const res = await post(h, me, '/api/v1/coachingportal/metrics/share/', {
      email: 'Accountant@Example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sent: true, to: 'accountant@example.com' });
    expect(await mailsTo(h.mailDir, 'accountant@example.com')).toHaveLength(1);
  });

  it('refuses a bad address, extra fields, or no address without a coach (422), sending nothing', async () => {
    for (const body of [{ email: 'nope' }, { email: '' }, { to: 'a@example.com' }]) {
      const res = await post(h, me, '/api/v1/coachingportal/metrics/share/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const res = await post(h, me, '/api/v1/coachingportal/metrics/share/');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.email).toEqual(['You have no coach yet: enter an email address.']);
    expect(await mailsTo(h.mailDir, 'a@example.com')).toEqual([]);
  });

  it('allows 5 mails an hour per client, then 429 with Retry-After; the task list has its own count', async () => {
    const sender = await signIn(h);
    for (let i = 0; i < 5; i++) {
      const ok = await post(h, sender, '/api/v1/coachingportal/metrics/share/', {
        email: `m${i}@example.com`,
      });
      expect(ok.statusCode).toBe(200);
    }
    const res = await post(h, sender, '/api/v1/coachingportal/metrics/share/', { email: 'm9@example.com' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(h.mailDir, 'm9@example.com')).toEqual([]);
    const tasks = await post(h, sender, '/api/v1/coachingportal/task/share/', { email: 'm9@example.com' });
    expect(tasks.statusCode).toBe(200);
  });
});
