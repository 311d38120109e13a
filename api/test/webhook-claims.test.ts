// Two senders claiming the same delivery queue at once (on PostgreSQL under scripts/with-postgres.sh, each claim
// on its own pooled connection; PGlite runs it one statement at a time): FOR UPDATE SKIP LOCKED gives each due
// delivery to one of them, so no event reaches the receiver twice; two whole API instances built on the one
// database deliver a burst the same way. A lease runs out: a claim left by a sender that
// stopped is taken by another after a minute, not before, and the first sender's late write changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../src/services/events/record-event.js';
import { claimDueDeliveries, recordAttempt } from '../src/services/webhooks/delivery-repository.js';
import { createGuardedClient } from '../src/services/outbound/guarded-client.js';
import { createWebhookSender } from '../src/services/webhooks/webhook-sender.js';
import { ALPHA, Harness } from './helpers/harness.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';
import { fileShared, referral, ticket } from './helpers/event-data.js';

const h = new Harness();
const receiver = new WebhookReceiver();
const quiet = { info: () => {}, warn: () => {} };
const client = createGuardedClient({ production: false });
let endpointId: number;
beforeAll(async () => {
  // The app's own loop stays out of the way: these tests drive the senders themselves.
  await h.start({ webhooks: { everyMs: 24 * 60 * 60_000 } });
  await receiver.up();
  const row = await h.db
    .insertInto('webhook_endpoints')
    .values({
      tenant_id: ALPHA,
      url: receiver.url,
      events: null,
      secret: 'whsec_test',
      created_at: h.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  endpointId = row.id;
});
afterAll(async () => {
  await receiver.down();
  await h.stop();
});

describe('claiming the delivery queue', () => {
  it('gives each delivery to one sender when two claim at once: no event is sent twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await recordEvent(h.db, ALPHA, 'ticket.created', ticket(i)));
    h.clock.advance(60_000);
    const inFlight = new Set<string>();
    const overlapping: string[] = [];
    receiver.answer = async (request) => {
      const id = request.headers['portal-event-id'] as string;
      if (inFlight.has(id)) overlapping.push(id);
      inFlight.add(id);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight.delete(id);
      return 200;
    };
    const claimedBy: number[][] = [[], []];
    const run = async (n: number) => {
      const sender = createWebhookSender({ db: h.db, now: h.clock.now, log: quiet, client });
      for (;;) {
        const batch = await sender.claim(3);
        if (batch.length === 0) return;
        claimedBy[n]!.push(...batch.map((d) => d.id));
        await Promise.all(batch.map((d) => sender.send(d)));
      }
    };
    await Promise.all([run(0), run(1)]);

    const received = receiver.received.map((r) => r.headers['portal-event-id'] as string);
    expect(received.sort()).toEqual([...ids].sort());
    expect(overlapping).toEqual([]);
    const both = claimedBy.flat();
    expect(new Set(both).size).toBe(both.length);
    const rows = await h.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  });

  it('lets two API instances on one database deliver a burst with no event sent twice', async () => {
    const before = receiver.received.length;
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await recordEvent(h.db, ALPHA, 'file.shared', fileShared(i)));
    h.clock.advance(60_000);
    const instances = [
      await h.build({ webhooks: { everyMs: 5 } }),
      await h.build({ webhooks: { everyMs: 5 } }),
    ];
    try {
      await expect
        .poll(
          async () => {
            const rows = await h.db.selectFrom('webhook_deliveries').select('status').execute();
            return rows.filter((r) => r.status !== 'delivered').length;
          },
          { timeout: 20_000 },
        )
        .toBe(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
    const received = receiver.received.slice(before).map((r) => r.headers['portal-event-id'] as string);
    expect(received.sort()).toEqual([...ids].sort());
  });

  it("takes back a stopped sender's claim once its lease has run out, and fences the late write", async () => {
    const id = await recordEvent(h.db, ALPHA, 'referral.created', referral(1));
    h.clock.advance(60_000);
    const [stopped] = await claimDueDeliveries(h.db, h.clock.now(), 10);
    expect(stopped!.event.id).toBe(id);
    h.clock.advance(30_000);
    expect(await claimDueDeliveries(h.db, h.clock.now(), 10)).toEqual([]);
    h.clock.advance(31_000);
    const [taken] = await claimDueDeliveries(h.db, h.clock.now(), 10);
    expect(taken!.id).toBe(stopped!.id);
    // The stopped sender wakes up and records a failure: its lease is gone, so nothing changes.
    expect(await recordAttempt(h.db, stopped!, { statusCode: 500 }, h.clock.now(), () => 0)).toBeUndefined();
    expect(await recordAttempt(h.db, taken!, { statusCode: 204 }, h.clock.now(), () => 0)).toBe('delivered');
    const row = await h.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', taken!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status_code: 204,
      endpoint_id: endpointId,
    });
  });

  it('marks a delivery failed once three days of tries have passed, keeping its last status', async () => {
    await recordEvent(h.db, ALPHA, 'ticket.created', ticket(99));
    h.clock.advance(60_000);
    const [first] = await claimDueDeliveries(h.db, h.clock.now(), 10);
    expect(await recordAttempt(h.db, first!, { statusCode: 503 }, h.clock.now(), () => 0)).toBe('pending');
    h.clock.advance(3 * 24 * 60 * 60_000);
    const [last] = await claimDueDeliveries(h.db, h.clock.now(), 10);
    expect(await recordAttempt(h.db, last!, { error: 'timed out' }, h.clock.now(), () => 0)).toBe('failed');
    const row = await h.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', last!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'timed out',
      next_attempt_at: null,
    });
  });
});
