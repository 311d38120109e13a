// The demo data is what a sales demo shows, so it must hold together for every tenant and whatever day the seed
// runs: properties checked over the seeded database of the example tenants (tenants/) and two tenants the seed
// has no business for (the test fixtures), seeded at several times, one of them at Christmas and one across a
// change of summer time. Then a tenant unknown to the seed signs in through the real login route.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemo } from '../src/seed/seed.js';
import { createStorage } from '../src/services/storage/storage.js';
import type { Storage } from '../src/services/storage/storage.js';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';
import type { TenantConfig } from '../src/services/tenants/tenant-files.js';
import { appRoutes, tenantLinks, tenantText, wallClock, weekdayOf } from './helpers/demo-data.js';
import { ALPHA, Harness, fixtureTenants } from './helpers/harness.js';
import { createTestDb } from './helpers/test-db.js';
import type { TestDb } from './helpers/test-db.js';
import { signIn } from './helpers/sign-in.js';

const exampleTenants = fileURLToPath(new URL('../../tenants', import.meta.url));
const silent = { warn: () => {} };

const NOWS = ['2026-11-21T09:00:00Z', '2026-12-23T23:30:00Z', '2027-03-27T16:00:00Z', '2027-06-30T04:00:00Z'];
/** The days off the brief names; the seed may keep more. */
const HOLIDAYS = ['12-25', '12-26', '01-01'];
const OPENS = 9 * 60;
const CLOSES = 17 * 60;

/** Which business each example tenant shows (the others: none of these), and words only that business uses. */
const BUSINESS: Record<string, string> = { demo: 'bakery', acme: 'plumbing', globex: 'dental' };
const WORDS: Record<string, RegExp[]> = {
  bakery: [/bakery/, /\boven/, /pastr/, /sourdough/, /croissant/, /catering/],
  plumbing: [/plumbing/, /boiler/, /call-out/, /technician/, /heating/, /\bvans?\b/],
  dental: [/dental/, /dentist/, /patient/, /hygienist/, /whitening/],
};
/** A London studio bills in pounds; the US businesses and the generic one in dollars. */
const CURRENCY: Record<string, string> = { globex: 'GBP' };
const currencyOf = (slug: string) => CURRENCY[slug] ?? 'USD';
/** Real public pages the demo may link to (a video-call service that opens any room, and reference pages). */
const PUBLIC_HOSTS = ['meet.jit.si', 'en.wikipedia.org', 'www.sba.gov', 'www.gov.uk'];

function expectWorkingTime(what: string, start: Date, zone: string, minutes: number) {
  const local = wallClock(start, zone);
  expect(['Saturday', 'Sunday'], what).not.toContain(local.weekday);
  expect(HOLIDAYS, what).not.toContain(local.monthDay);
  expect(local.minutes, what).toBeGreaterThanOrEqual(OPENS);
  expect(local.minutes + minutes, what).toBeLessThanOrEqual(CLOSES);
}

describe.each(NOWS)('the demo data seeded at %s', (iso) => {
  const now = new Date(iso);
  let t: TestDb;
  let storageDir: string;
  let storage: Storage;
  let tenants: TenantConfig[];
  beforeAll(async () => {
    t = await createTestDb();
    storageDir = await mkdtemp(join(tmpdir(), 'portal-storage-'));
    storage = createStorage(storageDir);
    tenants = [
      ...(await loadTenantFiles(exampleTenants, silent)),
      ...(await loadTenantFiles(fixtureTenants, silent)),
    ];
    await seedDemo(t.db, tenants, { production: false, now, storage });
  });
  afterAll(async () => {
    await t.destroy();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('meets only on working days, in working hours of the client’s time zone, some of it still to come', async () => {
    const meetings = await t.db
      .selectFrom('meetings as m')
      .innerJoin('users as u', 'u.id', 'm.client_id')
      .select([
        'u.email',
        'm.title',
        'm.starts_at',
        'm.duration_minutes',
        'm.time_zone',
        'm.meeting_url',
        'm.place',
        'u.time_zone as zone',
      ])
      .execute();
    // client@ six, basic@ one, and the second coach's two clients a kick-off session each; and client@ booked
    // two more where the tenant has meeting types (seed-booking.ts).
    const booking = tenants.filter((tenant) => tenant.booking.meetingTypes.length > 0).length;
    expect(meetings.length).toBe(tenants.length * 9 + booking * 2);
    for (const m of meetings) {
      const what = `${m.email}: ${m.title}`;
      expect(m.time_zone, what).toBe(m.zone);
      // Online or somewhere: the coach can change any of them without first giving it a place.
      expect(m.meeting_url ?? m.place, what).toBeTruthy();
      expectWorkingTime(what, new Date(m.starts_at), m.time_zone, m.duration_minutes);
    }
    const lessonMeetings = await t.db
      .selectFrom('lesson_meetings as m')
      .innerJoin('users as u', 'u.id', 'm.client_id')
      .select(['u.email', 'm.title', 'm.meeting_time', 'm.time_zone', 'u.time_zone as zone'])
      .execute();
    expect(lessonMeetings.length).toBe(tenants.length * 3);
    for (const m of lessonMeetings) {
      expect(m.time_zone).toBe(m.zone);
      expectWorkingTime(`${m.email}: ${m.title}`, new Date(m.meeting_time), m.time_zone, 60);
    }
    // No client is booked twice at once (a group meets for at most an hour).
    const booked = [
      ...meetings.map((m) => ({ email: m.email, start: new Date(m.starts_at), minutes: m.duration_minutes })),
      ...lessonMeetings.map((m) => ({ email: m.email, start: new Date(m.meeting_time), minutes: 60 })),
    ].sort((x, y) => x.start.getTime() - y.start.getTime());
    for (const [i, m] of booked.entries()) {
      const next = booked.slice(i + 1).find((n) => n.email === m.email);
      if (next)
        expect(next.start.getTime(), m.email).toBeGreaterThanOrEqual(m.start.getTime() + m.minutes * 60_000);
    }
    for (const tenant of tenants) {
      const upcoming = meetings.filter(
        (m) => m.email.endsWith(`@${tenant.slug}.test`) && new Date(m.starts_at) > now,
      );
      // client@'s three and basic@'s one, and the kick-off sessions of the second coach's two clients; and the
      // two client@ booked where the tenant has meeting types.
      expect(upcoming.length, tenant.slug).toBe(tenant.booking.meetingTypes.length > 0 ? 8 : 6);
    }
  });

  it('plans the reminders of every meeting still to come, once however often it is seeded', async () => {
    const planned = async () =>
      (
        await sql<{ n: number }>`select count(distinct split_part(singleton_key, ':', 2))::int as n,
          count(*)::int as jobs from pgboss.job where name = 'reminder'`.execute(t.db)
      ).rows[0]!;
    const upcoming = await t.db.selectFrom('meetings').select('id').where('starts_at', '>', now).execute();
    const before = await planned();
    expect(before.n).toBe(upcoming.length);
    await seedDemo(t.db, tenants, { production: false, now, storage });
    expect(await planned()).toEqual(before);
  });

  it('gives every group meetings on the days and at the time its meets_on says', async () => {
    const groups = await t.db.selectFrom('groups').selectAll().execute();
    expect(groups.length).toBe(tenants.length * 2);
    for (const group of groups) {
      const rule = /^(?:(\w+)s|Every other (\w+)|First (\w+) of the month), (\d{1,2}):(\d\d) (am|pm)$/.exec(
        group.meets_on,
      );
      expect(rule, group.meets_on).not.toBeNull();
      const [, weekly, fortnightly, monthly, hour, minute, half] = rule!;
      const weekday = weekly ?? fortnightly ?? monthly;
      const minutes = ((Number(hour) % 12) + (half === 'pm' ? 12 : 0)) * 60 + Number(minute);
      // Its first and last day are meeting days.
      for (const day of [group.start_date!, group.end_date!]) {
        expect(weekdayOf(day), `${group.title} ${day}`).toBe(weekday);
        expect(HOLIDAYS).not.toContain(day.slice(5));
        if (monthly) expect(Number(day.slice(8)), day).toBeLessThanOrEqual(7);
      }
      const titles = await t.db
        .selectFrom('member_group_lessons as g')
        .innerJoin('lessons as l', 'l.id', 'g.lesson_id')
        .select('l.title')
        .where('g.group_id', '=', group.id)
        .execute();
      const meetings = await t.db
        .selectFrom('lesson_meetings')
        .select(['meeting_time', 'time_zone'])
        .where('tenant_id', '=', group.tenant_id)
        .where(
          'title',
          'in',
          titles.map((l) => `Group lesson: ${l.title}`),
        )
        .execute();
      expect(meetings.length, group.title).toBe(group.group_type === 'free' ? 3 : 0);
      const dates = meetings.map((m) => wallClock(new Date(m.meeting_time), m.time_zone));
      for (const local of dates) {
        expect(local.weekday, group.meets_on).toBe(weekday);
        expect(local.minutes, group.meets_on).toBe(minutes);
      }
      if (meetings.length) expect(dates.map((d) => d.date).sort()[0]).toBe(group.start_date);
    }
  });

  it('counts money in the currency of the tenant’s business, and writes no other currency', async () => {
    for (const tenant of tenants) {
      const code = currencyOf(tenant.slug);
      const assessments = await t.db
        .selectFrom('assessments as a')
        .innerJoin('currencies as c', 'c.id', 'a.currency_id')
        .select('c.code')
        .where('a.tenant_id', '=', tenant.id)
        .execute();
      expect(assessments.length).toBe(2);
      for (const a of assessments) expect(a.code, tenant.slug).toBe(code);
      const revenue = await t.db
        .selectFrom('metrics')
        .select('unit')
        .where('tenant_id', '=', tenant.id)
        .where('name', '=', 'Monthly revenue')
        .executeTakeFirstOrThrow();
      expect(revenue.unit, tenant.slug).toBe(code);
      const groups = await t.db
        .selectFrom('groups')
        .select('currency')
        .where('tenant_id', '=', tenant.id)
        .execute();
      for (const g of groups) expect(g.currency, tenant.slug).toBe(code.toLowerCase());
      const text = await tenantText(t.db, storage, tenant.id);
      const others = { USD: /\$|\busd\b/, GBP: /£|\bgbp\b/, EUR: /€|\beur\b/ };
      for (const [other, pattern] of Object.entries(others))
        if (other !== code) expect(text, `${tenant.slug} mentions ${other}`).not.toMatch(pattern);
    }
  });

  it('keeps each tenant to its own business: no other business’s words in its data', async () => {
    for (const tenant of tenants) {
      const text = await tenantText(t.db, storage, tenant.id);
      const own = BUSINESS[tenant.slug];
      if (own)
        expect(
          WORDS[own]!.some((word) => word.test(text)),
          tenant.slug,
        ).toBe(true);
      for (const [business, words] of Object.entries(WORDS)) {
        if (business === own) continue;
        for (const word of words) expect(text, `${tenant.slug}: ${business}`).not.toMatch(word);
      }
    }
  });

  it('links only to pages of the portal or real public pages, and tasks only to files the company has', async () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const tenant of tenants) {
      const links = await tenantLinks(t.db, tenant.id);
      expect(links.length, tenant.slug).toBeGreaterThan(10);
      for (const { from, url } of links) {
        if (url.startsWith('/')) {
          expect(
            routes.some((route) => route.test(url)),
            `${from}: ${url}`,
          ).toBe(true);
        } else {
          const parsed = new URL(url);
          expect(parsed.protocol, `${from}: ${url}`).toBe('https:');
          expect(PUBLIC_HOSTS, `${from}: ${url}`).toContain(parsed.hostname);
        }
      }
      const files = await t.db
        .selectFrom('company_file_items as i')
        .innerJoin('company_files as f', 'f.id', 'i.company_file_id')
        .select('i.name')
        .where('f.tenant_id', '=', tenant.id)
        .execute();
      const tasks = await t.db
        .selectFrom('tasks')
        .select('file_name')
        .where('tenant_id', '=', tenant.id)
        .execute();
      for (const { file_name } of tasks)
        if (file_name)
          expect(
            files.map((f) => f.name),
            tenant.slug,
          ).toContain(file_name);
    }
  });
});

describe('a tenant the seed has no business for (one made by portal init)', () => {
  const h = new Harness();
  beforeAll(async () => {
    await h.start();
    await seedDemo(h.db, await loadTenantFiles(fixtureTenants, silent), {
      production: false,
      storage: h.storage,
    });
  });
  afterAll(() => h.stop());

  it('gets the generic demo business, and its demo users sign in and see it, their coach’s library too', async () => {
    const shared: Record<string, string[]> = {};
    for (const email of ['client@alpha.test', 'basic@alpha.test']) {
      const row = await h.db
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', ALPHA)
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const { token } = await signIn(h, {
        user: { id: row.id, email, tenantId: ALPHA },
        password: demoPassword,
      });
      const schedule = await h.call('POST', '/api/v1/clientportal/schedule/', {
        tenant: ALPHA,
        token,
        body: {},
      });
      expect(schedule.statusCode, email).toBe(200);
      expect(schedule.json().data.upcoming.length, email).toBeGreaterThan(0);
      const coach = await h.call('POST', '/api/v1/clientportal/coach/profile/', {
        tenant: ALPHA,
        token,
        body: { client_id: row.id },
      });
      expect(coach.statusCode, email).toBe(200);
      expect(coach.json().data).toMatchObject({ first_name: 'Jordan', booking_url: null });
      const library = await h.call('GET', '/api/v1/resources/shared', { tenant: ALPHA, token });
      expect(library.statusCode, email).toBe(200);
      const items = library.json().data as { id: number; title: string; kind: string }[];
      shared[email] = items.map((r) => r.title).sort();
      const file = items.find((r) => r.kind === 'file')!;
      const download = await h.call('GET', `/api/v1/resources/shared/${file.id}/file`, {
        tenant: ALPHA,
        token,
      });
      expect(download.statusCode, email).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString('latin1'), email).toBe('%PDF-');
    }
    // The coach's library: shared with all their clients or the company reaches both; one is client@'s alone.
    const both = [
      'Proposal pricing worksheet',
      'SBA: managing your business finances',
      'Value-based pricing, explained',
    ];
    expect(shared['client@alpha.test']).toEqual([...both, 'Utilization tracker'].sort());
    expect(shared['basic@alpha.test']).toEqual(both);
    const company = await h.db
      .selectFrom('companies')
      .select('name')
      .where('tenant_id', '=', ALPHA)
      .executeTakeFirstOrThrow();
    expect(company.name).toBe('Northgate Consulting');
  });
});
