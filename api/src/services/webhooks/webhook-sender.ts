// The `webhook` queue's handler (delivery-repository.ts): posts the delivery a job is for to its endpoint through
// the guarded client (outbound/guarded-client.ts: the name resolved now, every address checked, the connection
// made to the checked one): JSON `{id, type, created_at, data}` signed with the endpoint's secret (and the one a
// rotation replaced, during its grace: signature.ts), the event id in a header of its own for the receiver to
// de-duplicate on. A send is cut off after a few seconds and follows no redirect (a 3xx is a failure with its
// status kept): the receiver answers for itself, and a redirect could point the signed payload at an address the
// admin never registered. What the history keeps of a failure is its category, never the raw error.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { GuardedClient } from '../outbound/guarded-client.js';
import { dueDelivery, recordAttempt } from './delivery-repository.js';
import type { DeliveryJob, DueDelivery, Outcome } from './delivery-repository.js';
import { signatureHeader } from './signature.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WebhookSenderOptions {
  db: Kysely<Database>;
  now: () => Date;
  log: Log;
  /** Every request goes through it. */
  client: GuardedClient;
  /** How long a receiver may take to answer (5 s by default). */
  timeoutMs?: number | undefined;
  /** The jitter's source (backoff.ts); Math.random unless a test pins it. */
  random?: () => number;
  /** The backoff's first wait (30 s; tests shorten it, since the queue runs on the database's clock). */
  retryDelayMs?: number | undefined;
}

async function post(
  client: GuardedClient,
  delivery: DueDelivery,
  at: Date,
  timeoutMs: number,
): Promise<Outcome> {
  const { event } = delivery;
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.created_at.toISOString(),
    data: event.data,
  });
  const timestamp = Math.floor(at.getTime() / 1000);
  // The answer's body is not read: only its status counts, and a large one must not hold the sender.
  const result = await client.request({
    method: 'POST',
    url: delivery.url,
    body,
    timeoutMs,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'portal-webhooks/1',
      'portal-event-id': event.id,
      'portal-event-type': event.type,
      'portal-timestamp': String(timestamp),
      'portal-signature': signatureHeader(delivery.secrets, timestamp, body),
    },
  });
  return 'status' in result ? { statusCode: result.status } : { error: result.failure };
}

export function createWebhookSender({
  db,
  now,
  log,
  client,
  timeoutMs = 5000,
  random = Math.random,
  retryDelayMs,
}: WebhookSenderOptions) {
  /**
   * One try of the delivery `job` is for, recorded. A job whose delivery has moved on (delivered, tried since,
   * deleted) or waits on a disabled endpoint does nothing, so a job run twice sends once.
   */
  return async function deliver(job: DeliveryJob): Promise<void> {
    const delivery = await dueDelivery(db, job, now());
    if (!delivery) return;
    const outcome = await post(client, delivery, now(), timeoutMs);
    const status = await recordAttempt(db, delivery, outcome, now(), { random, firstDelayMs: retryDelayMs });
    const where = { endpoint: delivery.endpointId, delivery: delivery.id, event: delivery.event.id };
    if (status === undefined) log.warn(where, 'webhook delivery recorded by another run of its job');
    else if (status === 'delivered') log.info(where, 'webhook delivered');
    else
      log.warn(
        { ...where, statusCode: outcome.statusCode, error: outcome.error, status },
        status === 'failed' ? 'webhook delivery given up after 3 days' : 'webhook delivery failed',
      );
  };
}
