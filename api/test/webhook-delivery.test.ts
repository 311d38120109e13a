// Webhooks out end to end, against a real receiver on 127.0.0.1: deliveries wait in their durable queue while
// the receiver is down, are tried again after a 500, and once it answers 200 every event arrives exactly once
// (the receiver de-duplicates on the event id, and no id comes twice), each signed with the endpoint's secret.
// The API is closed and built again on the same database in the middle, two events committing meanwhile: their
// jobs wait in the database, nothing is lost. Then "Send again", the
// history, a disabled endpoint's deliveries waiting until it is enabled again, and a slow receiver beside a fast
// one.
import type { LookupFunction } from 'node:net';
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../src/services/events/record-event.js';
import { sql } from 'kysely';
import { verifySignature } from '../src/services/webhooks/signature.js';
import { as, seedFixtures } from './helpers/coach.js';
import { ALPHA, Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';
import type { Received } from './helpers/webhook-receiver.js';
import { signIn } from './helpers/sign-in.js';
import { referral, ticket } from './helpers/event-data.js';

const h = new Harness();
// Runs the jobs (fetching every half second), retries after the shortest wait (no jitter, from 50 ms: the queue's
// clock is the database's, which a test cannot move), and gives a receiver 2 s.
const options = {
  webhooks: { timeoutMs: 2000, random: () => 0, retryDelayMs: 50 },
  jobs: { pollingSeconds: 0.5 },
};
const receiver = new WebhookReceiver();
let admin: Person;
beforeAll(async () => {
  await h.start(options);
  await seedFixtures(h);
  admin = await signIn(h, { demo: 'admin' });
  // Up once to learn a free port, then down: the endpoint is registered while nothing listens there.
  await receiver.up();
  await receiver.down();
});
afterAll(async () => {
  await receiver.down();
  await h.stop();
});

const base = '/api/v1/admin/webhooks';
const hour = 60 * 60_000;

async function addEndpoint(url: string) {
  const res = await as(h, admin, 'POST', base, { url, events: 'all' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { endpoint: { id: number }; secret: string };
}

const deliveriesOf = (endpointId: number) =>
  h.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .execute();

/** Waits until every delivery of the endpoint passes `check`. */
const settle = (
  endpointId: number,
  check: (d: Awaited<ReturnType<typeof deliveriesOf>>[number]) => boolean,
) =>
  vi.waitFor(
    async () => {
      const rows = await deliveriesOf(endpointId);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => !check(row))).toEqual([]);
      return rows;
    },
    { timeout: 20_000, interval: 25 },
  );

const eventId = (request: Received) => request.headers['portal-event-id'] as string;

function expectSigned(requests: Received[], secret: string) {
  const now = Math.floor(h.clock.now().getTime() / 1000);
  for (const request of requests) {
    const signature = request.headers['portal-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, signature, request.body, now)).toBe(true);
    expect(request.headers['portal-timestamp']).toBe(signature.slice(2, signature.indexOf(',')));
    // A receiver parses by the content type and may allow-list our agent.
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toBe('portal-webhooks/1');
    const body = JSON.parse(request.body) as { id: string; type: string; created_at: string; data: object };
    expect(Object.keys(body)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(body.id).toBe(eventId(request));
  }
}

describe('a receiver that is down, then fails, then recovers', () => {
  it('gets every event exactly once after it recovers, signed, with the API restarted in the middle', async () => {
    const { endpoint, secret } = await addEndpoint(receiver.url);
    const events: string[] = [];
    for (let i = 1; i <= 5; i++) events.push(await recordEvent(h.db, ALPHA, 'ticket.created', ticket(i)));

    // Down: every delivery is tried, refused, and kept for later.
    h.clock.advance(60_000);
    const refused = await settle(endpoint.id, (d) => d.attempts >= 1);
    // The history names the category, never the raw error (which would name the address and port).
    for (const d of refused)
      expect(d).toMatchObject({
        status: 'pending',
        last_status_code: null,
        last_error: 'connection refused',
      });
    expect(refused.every((d) => d.last_error !== null && d.next_attempt_at! > h.clock.now())).toBe(true);
    expect(receiver.received).toEqual([]);

    // Up but answering 500: tried again, still pending, the status kept.
    // The clock moves first: tries go on in real time, and each is signed with the time it is sent at.
    receiver.answer = () => 500;
    h.clock.advance(hour);
    await receiver.up();
    const failing = await settle(endpoint.id, (d) => d.attempts >= 2 && d.last_status_code === 500);
    expect(failing.every((d) => d.status === 'pending')).toBe(true);
    expectSigned(receiver.received, secret);

    // The API goes away. Meanwhile two more events commit: their jobs wait in the database, due.
    await h.app.close();
    for (let i = 6; i <= 7; i++) events.push(await recordEvent(h.db, ALPHA, 'ticket.created', ticket(i)));
    const { rows: due } = await sql<{ n: string }>`select count(*) as n from pgboss.job
      where name = 'webhook' and state = 'created' and start_after <= now()`.execute(h.db);
    expect(Number(due[0]!.n)).toBeGreaterThanOrEqual(2);

    // The receiver recovers, de-duplicating on the event id; a new API on the same database.
    const seen = new Set<string>();
    const recovered: Received[] = [];
    receiver.answer = (request) => {
      recovered.push(request);
      seen.add(eventId(request));
      return 200;
    };
    h.clock.advance(hour);
    h.app = await h.build(options);
    const delivered = await settle(endpoint.id, (d) => d.status === 'delivered');
    expect(delivered).toHaveLength(7);
    for (const d of delivered) expect(d).toMatchObject({ last_status_code: 200, next_attempt_at: null });

    // Exactly once each: every event, and no event twice, in the 200 phase.
    expect(recovered.map(eventId).sort()).toEqual([...events].sort());
    expect(seen.size).toBe(events.length);
    expectSigned(recovered, secret);
    const bodies = recovered.map((r) => JSON.parse(r.body) as { type: string; data: { ticket_id: number } });
    expect(bodies.map((b) => b.data.ticket_id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(bodies.map((b) => b.type))).toEqual(new Set(['ticket.created']));
  });

  it('shows the history, and "Send again" delivers the same event once more', async () => {
    // Signed in again: the moved clock has let the first session lapse.
    admin = await signIn(h, { demo: 'admin' });
    const [first] = await h.db.selectFrom('webhook_endpoints').select('id').orderBy('id').execute();
    const history = await as(h, admin, 'GET', `${base}/${first!.id}/deliveries`);
    expect(history.statusCode).toBe(200);
    const page = history.json().data;
    expect(page).toMatchObject({ page: 1, pages: 1, total: 7 });
    const [latest] = page.deliveries;
    expect(latest).toMatchObject({ status: 'delivered', type: 'ticket.created', last_status_code: 200 });

    const before = receiver.received.length;
    const again = await as(h, admin, 'POST', `${base}/${first!.id}/deliveries/${latest.id}/again`);
    expect(again.statusCode).toBe(200);
    const row = await vi.waitFor(
      async () => {
        const d = await h.db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('id', '=', latest.id)
          .executeTakeFirstOrThrow();
        expect(d.status).toBe('delivered');
        expect(d.attempts).toBe(latest.attempts + 1);
        return d;
      },
      { timeout: 20_000, interval: 25 },
    );
    expect(receiver.received.slice(before).map(eventId)).toEqual([row.event_id]);

    // A delivery still being tried cannot be sent again; one of another endpoint is not found.
    await h.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending' })
      .where('id', '=', latest.id)
      .execute();
    const busy = await as(h, admin, 'POST', `${base}/${first!.id}/deliveries/${latest.id}/again`);
    expect(busy.statusCode).toBe(409);
    const { endpoint: other } = await addEndpoint('https://crm.example.com/other');
    const elsewhere = await as(h, admin, 'POST', `${base}/${other.id}/deliveries/${latest.id}/again`);
    expect(elsewhere.statusCode).toBe(404);
    await h.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered' })
      .where('id', '=', latest.id)
      .execute();
    await as(h, admin, 'POST', `${base}/${other.id}/delete`);
  });

  it("keeps a disabled endpoint's delivery waiting, and sends it once the endpoint is enabled again", async () => {
    const paused = new WebhookReceiver();
    paused.answer = () => 500;
    await paused.up();
    try {
      await h.db.updateTable('webhook_endpoints').set({ enabled: false }).execute();
      const { endpoint } = await addEndpoint(paused.url);
      const id = await recordEvent(h.db, ALPHA, 'ticket.created', ticket(300));
      const [failed] = await settle(endpoint.id, (row) => row.attempts >= 1);
      const off = await as(h, admin, 'POST', `${base}/${endpoint.id}`, { enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      // Every job of the delivery has run (a try in flight at the change sent one more, which found the
      // endpoint disabled): nothing waits to send it, and it stays pending.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: string }>`select count(*) as n from pgboss.job
            where name = 'webhook' and (data->>'delivery')::int = ${failed!.id} and state < 'completed'`.execute(
            h.db,
          );
          expect(Number(rows[0]!.n)).toBe(0);
        },
        { timeout: 20_000, interval: 25 },
      );
      const [waiting] = await deliveriesOf(endpoint.id);
      expect(waiting).toMatchObject({ status: 'pending', last_status_code: 500 });
      const tried = paused.received.length;

      paused.answer = () => 200;
      const on = await as(h, admin, 'POST', `${base}/${endpoint.id}`, { enabled: true });
      expect(on.statusCode, on.body).toBe(200);
      const [delivered] = await settle(endpoint.id, (row) => row.status === 'delivered');
      expect(delivered).toMatchObject({ attempts: waiting!.attempts + 1, last_status_code: 200 });
      expect(paused.received.slice(tried).map(eventId)).toEqual([id]);
    } finally {
      await paused.down();
    }
  });

  it('does not let a slow receiver hold a fast one', async () => {
    const slow = new WebhookReceiver();
    const fast = new WebhookReceiver();
    let fastGotIt!: () => void;
    const fastGot = new Promise<void>((resolve) => (fastGotIt = resolve));
    // The slow receiver answers only once the fast one has its delivery: sent one after the other, slow first,
    // the slow one would time out.
    slow.answer = async () => {
      await fastGot;
      return 200;
    };
    fast.answer = () => {
      fastGotIt();
      return 200;
    };
    await slow.up();
    await fast.up();
    try {
      await h.db.updateTable('webhook_endpoints').set({ enabled: false }).execute();
      const { endpoint: slowEndpoint } = await addEndpoint(slow.url);
      const { endpoint: fastEndpoint } = await addEndpoint(fast.url);
      await recordEvent(h.db, ALPHA, 'referral.created', referral(1));
      h.clock.advance(60_000);
      for (const id of [slowEndpoint.id, fastEndpoint.id]) {
        const [d] = await settle(id, (row) => row.status === 'delivered');
        expect(d).toMatchObject({ attempts: 1, last_status_code: 200 });
      }
    } finally {
      await slow.down();
      await fast.down();
    }
  });

  it('does not follow a redirect: the 3xx is kept as a failure and its target gets nothing', async () => {
    const redirecting = new WebhookReceiver();
    const target = new WebhookReceiver();
    await redirecting.up();
    await target.up();
    redirecting.answer = () => ({ status: 302, headers: { location: target.url } });
    try {
      await h.db.updateTable('webhook_endpoints').set({ enabled: false }).execute();
      const { endpoint } = await addEndpoint(redirecting.url);
      // The clock moves before the event, not after: a first try sent in between would be due again 15 s
      // later, and a jump of a minute would send it a second time (seen on a loaded machine).
      h.clock.advance(60_000);
      await recordEvent(h.db, ALPHA, 'ticket.created', ticket(99));
      const [d] = await settle(endpoint.id, (row) => row.attempts >= 1);
      expect(d).toMatchObject({ status: 'pending', last_status_code: 302, last_error: 'HTTP 302' });
      // Tried again meanwhile, perhaps (its next job is due 25 ms later): each try went to the redirecting one.
      expect(redirecting.received.length).toBeGreaterThanOrEqual(1);
      expect(target.received).toEqual([]);
    } finally {
      await redirecting.down();
      await target.down();
    }
  });
});

describe('a rotated secret', () => {
  it('signs beside the new one for a day (two v1 values), then the new one alone signs', async () => {
    const rotating = new WebhookReceiver();
    await rotating.up();
    try {
      await h.db.updateTable('webhook_endpoints').set({ enabled: false }).execute();
      admin = await signIn(h, { demo: 'admin' });
      const { endpoint, secret: old } = await addEndpoint(rotating.url);
      const rotated = await as(h, admin, 'POST', `${base}/${endpoint.id}/rotate`);
      const fresh = rotated.json().data.secret as string;
      const signedBy = async (ticketId: number) => {
        const before = rotating.received.length;
        await recordEvent(h.db, ALPHA, 'ticket.created', ticket(ticketId));
        h.clock.advance(60_000);
        await vi.waitFor(() => expect(rotating.received.length).toBe(before + 1), {
          timeout: 20_000,
          interval: 25,
        });
        const request = rotating.received[before]!;
        const header = request.headers['portal-signature'] as string;
        const now = Math.floor(h.clock.now().getTime() / 1000);
        return { header, by: [old, fresh].map((key) => verifySignature(key, header, request.body, now)) };
      };
      const during = await signedBy(201);
      expect(during.header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
      expect(during.by).toEqual([true, true]);
      h.clock.advance(24 * hour);
      const after = await signedBy(202);
      expect(after.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(after.by).toEqual([false, true]);
    } finally {
      await rotating.down();
    }
  });
});

describe('in production', () => {
  it('refuses a name that resolves to loopback at delivery, and says so in the history', async () => {
    const name = 'crm.portal.test';
    const lookup = ((hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (hostname !== name) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
      if (opts.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    }) as LookupFunction;
    admin = await signIn(h, { demo: 'admin' });
    // This instance alone sends meanwhile: the harness's own (not production) would claim the delivery too.
    await h.app.close();
    const app = await h.build({ ...options, production: true, webhooks: { ...options.webhooks, lookup } });
    const listening = new WebhookReceiver();
    await listening.up();
    try {
      await h.db.updateTable('webhook_endpoints').set({ enabled: false }).execute();
      // Written as a name, it passes the form's check; the delivery resolves it and refuses loopback.
      const port = new URL(listening.url).port;
      const res = await app.inject({
        method: 'POST',
        url: base,
        headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${admin.token}` },
        payload: { url: `https://${name}:${port}/hooks`, events: 'all' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { endpoint } = res.json().data as { endpoint: { id: number } };
      await recordEvent(h.db, ALPHA, 'ticket.created', ticket(100));
      h.clock.advance(60_000);
      const [d] = await settle(endpoint.id, (row) => row.attempts >= 1);
      expect(d).toMatchObject({
        status: 'pending',
        last_status_code: null,
        last_error: 'address not allowed',
      });
      expect(listening.received).toEqual([]);
    } finally {
      await app.close();
      await listening.down();
      h.app = await h.build(options);
    }
  });
});
