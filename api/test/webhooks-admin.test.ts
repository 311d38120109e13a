// The tenant admin's webhook routes on a real migrated database: an endpoint is made with its secret shown
// once, its events chosen, disabled, rotated and deleted; only https (or http to this machine outside
// production) is accepted; an admin reaches only their own tenant's endpoints, and a coach or client none.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as secretGrace from '../src/db/migrations/1850-outbound-webhook-secret-grace.js';
import { recordEvent } from '../src/services/events/record-event.js';
import { as, startSignedIn } from './helpers/coach.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';
import { referral, ticket } from './helpers/event-data.js';

const h = new Harness();
let admin: Person;
let betaAdmin: Person;
beforeAll(async () => {
  [admin, betaAdmin] = await startSignedIn(h, 'admin', ['admin', BETA]);
});
afterAll(() => h.stop());

const base = '/api/v1/admin/webhooks';

async function addEndpoint(
  who: Person,
  body: unknown = { url: 'https://crm.example.com/hooks', events: 'all' },
) {
  const res = await as(h, who, 'POST', base, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { endpoint: { id: number }; secret: string };
}

const secretOf = async (id: number) =>
  (await h.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirstOrThrow())
    .secret;

const deliveriesOf = (endpointId: number) =>
  h.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute();

describe('an admin registers an endpoint', () => {
  it('shows the secret once, in the answer that made it, and never in a list or read', async () => {
    const { endpoint, secret } = await addEndpoint(admin, {
      url: 'https://crm.example.com/portal',
      events: ['ticket.created', 'payment.succeeded'],
    });
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(await secretOf(endpoint.id)).toBe(secret);
    expect(endpoint).toMatchObject({ url: 'https://crm.example.com/portal', enabled: true });
    const list = await as(h, admin, 'GET', base);
    const read = await as(h, admin, 'GET', `${base}/${endpoint.id}`);
    expect(read.json().data.events).toEqual(['ticket.created', 'payment.succeeded']);
    expect(list.body).not.toContain(secret);
    expect(read.body).not.toContain(secret);
    expect(h.logs.join('\n')).not.toContain(secret);
  });

  it('takes https, or http to 127.0.0.1 or localhost outside production, and nothing else', async () => {
    for (const url of [
      'http://crm.example.com/hooks',
      'ftp://crm.example.com',
      'http://10.0.0.5/hooks',
      'nope',
    ]) {
      const res = await as(h, admin, 'POST', base, { url, events: 'all' });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.url[0]).toMatch(/https:\/\//);
    }
    await addEndpoint(admin, { url: 'http://127.0.0.1:9/hooks', events: 'all' });
    await addEndpoint(admin, { url: 'http://localhost:9/hooks', events: 'all' });
    const empty = await as(h, admin, 'POST', base, { url: 'https://crm.example.com', events: [] });
    expect(empty.statusCode).toBe(422);
    const unknown = await as(h, admin, 'POST', base, {
      url: 'https://crm.example.com',
      events: ['user.deleted'],
    });
    expect(unknown.statusCode).toBe(422);
  });

  it("refuses plain http, and any address of the server's own network, in production", async () => {
    const app = await h.build({ production: true });
    try {
      const res = await app.inject({
        method: 'POST',
        url: base,
        headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${admin.token}` },
        payload: { url: 'http://127.0.0.1:9/hooks', events: 'all' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.url).toEqual([
        'Enter an address on the internet, not one of this server’s own network.',
      ]);
      const inject = (url: string) =>
        app.inject({
          method: 'POST',
          url: base,
          headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${admin.token}` },
          payload: { url, events: 'all' },
        });
      expect((await inject('http://crm.example.com/hooks')).json().error.url).toEqual([
        'The address must start with https://.',
      ]);
      // Nor https to what only the server can reach: a cloud's metadata service, a private network, itself.
      for (const url of [
        'https://169.254.169.254/latest',
        'https://10.1.2.3/',
        'https://[::1]/',
        'https://[::ffff:127.0.0.1]/',
        'https://localhost/',
        'https://100.64.0.1/',
        'https://[fec0::1]/',
        'https://[fd00::1]/',
        'https://[64:ff9b::169.254.169.254]/',
        'https://0.0.0.0/',
      ])
        expect((await inject(url)).statusCode, url).toBe(422);
      expect((await inject('https://crm.example.com/hooks')).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});

describe('an endpoint hears the events it picked while it is enabled', () => {
  it('queues a delivery per event it picked, none when disabled, all again when set to every event', async () => {
    const { endpoint } = await addEndpoint(admin, {
      url: 'https://crm.example.com/t',
      events: ['ticket.created'],
    });
    await recordEvent(h.db, ALPHA, 'ticket.created', ticket(1));
    await recordEvent(h.db, ALPHA, 'referral.created', referral(1));
    await recordEvent(h.db, BETA, 'ticket.created', ticket(2));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    const off = await as(h, admin, 'POST', `${base}/${endpoint.id}`, { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    await recordEvent(h.db, ALPHA, 'ticket.created', ticket(3));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    const all = await as(h, admin, 'POST', `${base}/${endpoint.id}`, { enabled: true, events: 'all' });
    expect(all.json().data).toMatchObject({ enabled: true, events: 'all' });
    await recordEvent(h.db, ALPHA, 'referral.created', referral(2));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);
  });

  it('rotates the secret, shown once, the old one kept for a day, and deletes the endpoint with its deliveries', async () => {
    const { endpoint, secret } = await addEndpoint(admin);
    expect(endpoint).toMatchObject({ old_secret_expires_at: null });
    await recordEvent(h.db, ALPHA, 'ticket.created', ticket(4));
    const rotated = await as(h, admin, 'POST', `${base}/${endpoint.id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.secret as string;
    expect(fresh).not.toBe(secret);
    expect(await secretOf(endpoint.id)).toBe(fresh);
    expect(rotated.json().data.endpoint.secret_rotated_at).not.toBeNull();
    const day = new Date(h.clock.now().getTime() + 24 * 60 * 60_000).toISOString();
    expect(rotated.json().data.endpoint.old_secret_expires_at).toBe(day);
    expect((await as(h, admin, 'GET', `${base}/${endpoint.id}`)).json().data.old_secret_expires_at).toBe(day);
    expect(rotated.body).not.toContain(secret);

    expect((await as(h, admin, 'POST', `${base}/${endpoint.id}/delete`)).statusCode).toBe(200);
    expect((await as(h, admin, 'GET', `${base}/${endpoint.id}`)).statusCode).toBe(404);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});

describe('the audit log', () => {
  it('keeps adding, changing, rotating and deleting an endpoint, with before and after, never the secret', async () => {
    const url = 'https://crm.example.com/audited';
    const { endpoint, secret } = await addEndpoint(admin, { url, events: ['ticket.created'] });
    await as(h, admin, 'POST', `${base}/${endpoint.id}`, { events: 'all', enabled: false });
    const rotated = (await as(h, admin, 'POST', `${base}/${endpoint.id}/rotate`)).json().data;
    await as(h, admin, 'POST', `${base}/${endpoint.id}/delete`);
    const res = await as(h, admin, 'GET', '/api/v1/admin/audit?per_page=100');
    expect(res.statusCode).toBe(200);
    const entries = (res.json().data as { subject_type: string; subject_id: number }[])
      .filter((e) => e.subject_type === 'webhook' && e.subject_id === endpoint.id)
      .reverse();
    expect(entries).toMatchObject([
      {
        action: 'webhook.created',
        actor_user_id: admin.user.id,
        person_id: null,
        summary: `Added the webhook endpoint ${url}`,
        before: null,
        after: { url, events: ['ticket.created'], enabled: true },
      },
      {
        action: 'webhook.updated',
        before: { events: ['ticket.created'], enabled: true },
        after: { events: 'all', enabled: false },
      },
      {
        action: 'webhook.secret_rotated',
        before: { secret_rotated_at: null },
        after: {
          secret_rotated_at: rotated.endpoint.secret_rotated_at,
          old_secret_expires_at: rotated.endpoint.old_secret_expires_at,
        },
      },
      {
        action: 'webhook.deleted',
        summary: `Deleted the webhook endpoint ${url} and its delivery history`,
        before: { url, events: 'all', enabled: false },
        after: null,
      },
    ]);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(rotated.secret);
    expect(res.body).not.toContain('whsec_');
  });

  it("writes nothing for another tenant's endpoint", async () => {
    const { endpoint } = await addEndpoint(admin);
    const count = async () =>
      (
        await h.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('subject_type', '=', 'webhook')
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    for (const path of ['', '/rotate', '/delete'])
      expect(
        (
          await as(
            h,
            betaAdmin,
            'POST',
            `${base}/${endpoint.id}${path}`,
            path ? undefined : { enabled: false },
          )
        ).statusCode,
      ).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('tenants and roles', () => {
  it("keeps one tenant's admin away from another's endpoints and deliveries", async () => {
    const { endpoint } = await addEndpoint(admin);
    const mine = await as(h, betaAdmin, 'GET', base);
    expect(mine.json().data.map((e: { id: number }) => e.id)).not.toContain(endpoint.id);
    const paths: ['GET' | 'POST', string][] = [
      ['GET', `${base}/${endpoint.id}`],
      ['POST', `${base}/${endpoint.id}`],
      ['POST', `${base}/${endpoint.id}/rotate`],
      ['POST', `${base}/${endpoint.id}/delete`],
      ['GET', `${base}/${endpoint.id}/deliveries`],
    ];
    for (const [method, url] of paths) {
      const res = await as(h, betaAdmin, method, url, method === 'POST' ? { enabled: false } : undefined);
      expect(res.statusCode, url).toBe(404);
    }
    // A token of tenant A sent with tenant B's id does not switch tenants.
    const crossed = await h.call('GET', base, { tenant: BETA, token: admin.token });
    expect(crossed.statusCode).not.toBe(200);
    expect((await as(h, admin, 'GET', `${base}/${endpoint.id}`)).json().data.enabled).toBe(true);
  });

  it('refuses every webhook route to a coach and a client with 403', async () => {
    const { endpoint } = await addEndpoint(admin);
    for (const local of ['coach', 'client']) {
      const who = await signIn(h, { demo: local });
      for (const [method, url] of [
        ['GET', base],
        ['POST', base],
        ['GET', `${base}/${endpoint.id}`],
        ['POST', `${base}/${endpoint.id}/rotate`],
        ['GET', `${base}/${endpoint.id}/deliveries`],
        ['POST', `${base}/${endpoint.id}/deliveries/1/again`],
      ] as const) {
        const res = await as(
          h,
          who,
          method,
          url,
          method === 'POST' ? { url: 'https://x.test', events: 'all' } : undefined,
        );
        expect(res.statusCode, `${local} ${method} ${url}`).toBe(403);
      }
    }
    expect(await secretOf(endpoint.id)).toMatch(/^whsec_/);
  });
});

describe('the migration that keeps categories only', () => {
  it('turns a raw connection error an older delivery kept into its category, and leaves the rest', async () => {
    const { endpoint } = await addEndpoint(admin, { url: 'https://crm.example.com/older', events: 'all' });
    await as(h, admin, 'POST', `${base}/${endpoint.id}`, { enabled: false });
    // As the sender of before wrote them; with no next try due, the loop claims none of them.
    for (const last_error of ['connect ECONNREFUSED 10.0.0.5:443', 'HTTP 500', 'timed out']) {
      const eventId = await recordEvent(h.db, ALPHA, 'ticket.created', ticket(500));
      await h.db
        .insertInto('webhook_deliveries')
        .values({
          tenant_id: ALPHA,
          endpoint_id: endpoint.id,
          event_id: eventId,
          last_error,
        })
        .execute();
    }
    const db = h.db as unknown as Kysely<unknown>;
    await secretGrace.down(db);
    await secretGrace.up(db);
    const after = (await deliveriesOf(endpoint.id)).sort((a, b) => a.id - b.id).map((row) => row.last_error);
    expect(after).toEqual(['connection failed', 'HTTP 500', 'timed out']);
  });
});
