// Webhook deliveries on the job queue (queue `webhook`, migration 1901), once across instances: two whole API
// instances built on the one database (on PostgreSQL under scripts/with-postgres.sh, each with its pooled
// connections; PGlite runs it one statement at a time) deliver a burst with no event sent twice, since pg-boss's
// fetch gives each job to one of them. A job run again (pg-boss takes back the job of a run that crashed or
// outlived its minute) or left over from an earlier try finds its delivery moved on and sends nothing; a failed
// try sends the next job itself, until three days of tries have passed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../src/services/events/record-event.js';
import { createGuardedClient } from '../src/services/outbound/guarded-client.js';
import { createWebhookSender } from '../src/services/webhooks/webhook-sender.js';
import { createWebhooksService } from '../src/services/webhooks/webhooks-service.js';
import { ALPHA, Harness } from './helpers/harness.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';
import { fileShared, referral, ticket } from './helpers/event-data.js';

const h = new Harness();
const receiver = new WebhookReceiver();
const quiet = { info: () => {}, warn: () => {} };
const client = createGuardedClient({ production: false });
let endpointId: number;
beforeAll(async () => {
  // The harness's app runs no jobs: these tests run the handler themselves, or start instances that do.
  await h.start();
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

const deliveryOf = (eventId: string) =>
  h.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();

/** The `webhook` jobs waiting for a delivery, by the tries they are for. */
const waitingJobs = async (delivery: number) => {
  const { rows } = await sql<{ attempts: number }>`select (data->>'attempts')::int as attempts from pgboss.job
    where name = 'webhook' and (data->>'delivery')::int = ${delivery} and state < 'active'
    order by 1`.execute(h.db);
  return rows.map((row) => row.attempts);
};

/** The `webhook` queue's handler, run by the test as pg-boss would run it. */
const deliver = (job: { delivery: number; attempts: number }) =>
  createWebhookSender({ db: h.db, now: h.clock.now, log: quiet, client, random: () => 0 })(job);

describe('webhook deliveries on the job queue', () => {
  it('lets two API instances on one database deliver a burst with no event sent twice', async () => {
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
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await recordEvent(h.db, ALPHA, 'file.shared', fileShared(i)));
    for (let i = 0; i < 10; i++) ids.push(await recordEvent(h.db, ALPHA, 'ticket.created', ticket(i)));
    const jobs = { pollingSeconds: 0.5, batchSize: 4 };
    const instances = [await h.build({ jobs }), await h.build({ jobs })];
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
    const received = receiver.received.map((r) => r.headers['portal-event-id'] as string);
    expect(received.sort()).toEqual([...ids].sort());
    expect(overlapping).toEqual([]);
    const rows = await h.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  });

  it('sends once when a job runs twice, and a job of an earlier try does nothing', async () => {
    receiver.answer = () => 204;
    const before = receiver.received.length;
    const id = await recordEvent(h.db, ALPHA, 'referral.created', referral(1));
    const { id: delivery } = await deliveryOf(id);
    expect(await waitingJobs(delivery)).toEqual([0]);
    await deliver({ delivery, attempts: 0 });
    // pg-boss runs the job again (its first run crashed after the send, or outlived its minute).
    await deliver({ delivery, attempts: 0 });
    expect(receiver.received.slice(before).map((r) => r.headers['portal-event-id'])).toEqual([id]);
    expect(await deliveryOf(id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status_code: 204,
      endpoint_id: endpointId,
      next_attempt_at: null,
    });

    // A failed try: one job for the next try, and the failed try's own job, run again, changes nothing.
    receiver.answer = () => 500;
    const failing = await recordEvent(h.db, ALPHA, 'referral.created', referral(2));
    const { id: next } = await deliveryOf(failing);
    await deliver({ delivery: next, attempts: 0 });
    await deliver({ delivery: next, attempts: 0 });
    expect(await deliveryOf(failing)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: 500,
    });
    expect(await waitingJobs(next)).toEqual([0, 1]);
    expect(receiver.received.slice(before)).toHaveLength(2);
  });

  it("drops a re-enabled endpoint's waiting jobs and sends each pending delivery one job, due now", async () => {
    receiver.answer = () => 500;
    const id = await recordEvent(h.db, ALPHA, 'ticket.created', ticket(50));
    const { id: delivery } = await deliveryOf(id);
    await deliver({ delivery, attempts: 0 });
    expect(await waitingJobs(delivery)).toEqual([0, 1]);
    const webhooks = createWebhooksService({ db: h.db, now: h.clock.now, production: false });
    const admin = { tenantId: ALPHA, operator: 'test' };
    await webhooks.change(admin, endpointId, { enabled: false });
    expect(await waitingJobs(delivery)).toEqual([0, 1]);
    await webhooks.change(admin, endpointId, { enabled: true });
    // The try due in 15 s and the stale first job are gone; one job for the second try, due now.
    expect(await waitingJobs(delivery)).toEqual([1]);
    const { rows } = await sql<{ due: boolean }>`select start_after <= now() as due from pgboss.job
      where name = 'webhook' and (data->>'delivery')::int = ${delivery} and state < 'active'`.execute(h.db);
    expect(rows).toEqual([{ due: true }]);
    expect(await deliveryOf(id)).toMatchObject({ status: 'pending', next_attempt_at: h.clock.now() });
  });

  it('marks a delivery failed once three days of tries have passed, keeping its last status', async () => {
    receiver.answer = () => 503;
    const id = await recordEvent(h.db, ALPHA, 'ticket.created', ticket(99));
    const { id: delivery } = await deliveryOf(id);
    await deliver({ delivery, attempts: 0 });
    const first = await deliveryOf(id);
    // The backoff's first wait, unjittered (random 0): half of 30 s.
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503 });
    expect(first.next_attempt_at!.getTime() - h.clock.now().getTime()).toBe(15_000);
    expect(await waitingJobs(delivery)).toEqual([0, 1]);

    // Three days and a minute: the row's trying_since is the database's time of the insert, a little after the
    // test clock's.
    h.clock.advance(3 * 24 * 60 * 60_000 + 60_000);
    await receiver.down();
    await deliver({ delivery, attempts: 1 });
    expect(await deliveryOf(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'connection refused',
      next_attempt_at: null,
    });
    // Given up: no job for a third try.
    expect(await waitingJobs(delivery)).toEqual([0, 1]);
  });
});
