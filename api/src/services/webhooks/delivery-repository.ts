// The webhook deliveries (migration 1200) and the jobs that try them (queue `webhook`, migration 1901). The row
// keeps what the admin sees (status, tries, last status or error, next try); a job carries only the row's id and
// the number of tries it is for. That number fences every job: a try records itself only on a row still pending
// with that many tries, and sends the next job in the same transaction, so a job left over (re-enabling sent a
// fresh one beside it, pg-boss ran one again after a crash) finds the row moved on and does nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { dropJobs, sendJobs } from '../jobs/job-queue.js';
import { keepTryingMs, retryDelayMs } from './backoff.js';

/** What a `webhook` job carries: the delivery, and how many tries it had when the job was sent. */
export interface DeliveryJob {
  delivery: number;
  attempts: number;
}

/**
 * How long a try may run before pg-boss hands its job to another instance: a send is cut off after a few
 * seconds, so a minute (the old loop's lease) outlasts any send; past it the run is taken to have crashed.
 */
const runSeconds = 60;

/** The key of a delivery's jobs: an endpoint's waiting jobs are dropped by its prefix (endpointJobs). */
const jobKey = (endpointId: number, deliveryId?: number) => `endpoint:${endpointId}:${deliveryId ?? ''}`;

/** Sends the jobs of `deliveries` in `trx`, due at `startAfter` (now when unset). */
export function sendDeliveryJobs(
  trx: Kysely<Database>,
  deliveries: { id: number; endpoint_id: number; attempts: number }[],
  startAfter?: Date,
): Promise<void> {
  return sendJobs(
    trx,
    deliveries.map((d) => ({
      queue: 'webhook' as const,
      data: { delivery: d.id, attempts: d.attempts } satisfies DeliveryJob,
      key: jobKey(d.endpoint_id, d.id),
      expireInSeconds: runSeconds,
      ...(startAfter && { startAfter }),
    })),
  );
}

/**
 * Drops the endpoint's jobs still waiting: re-enabling sends its pending deliveries' jobs afresh, and a waiting
 * one (a retry due later) would otherwise run beside the new one, both for the same try.
 */
export const dropEndpointJobs = (trx: Kysely<Database>, endpointId: number) =>
  dropJobs(trx, 'webhook', jobKey(endpointId));

export interface DueDelivery {
  id: number;
  endpointId: number;
  url: string;
  /** What signs it: the endpoint's secret, and the one a rotation replaced while its grace period lasts. */
  secrets: string[];
  attempts: number;
  tryingSince: Date;
  event: { id: string; type: string; created_at: Date; data: Record<string, unknown> };
}

/**
 * The delivery a job is for, as it is now: undefined when it is gone (its endpoint deleted), no longer pending,
 * tried since the job was sent, or its endpoint is disabled (it waits; re-enabling sends its job again).
 */
export async function dueDelivery(
  db: Kysely<Database>,
  job: DeliveryJob,
  at: Date,
): Promise<DueDelivery | undefined> {
  const r = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'd.attempts',
      'd.trying_since',
      'w.url',
      'w.secret',
      'w.previous_secret',
      'w.previous_secret_until',
      'e.id as event_id',
      'e.type',
      'e.created_at',
      'e.data',
    ])
    .where('d.id', '=', job.delivery)
    .where('d.attempts', '=', job.attempts)
    .where('d.status', '=', 'pending')
    .where('w.enabled', '=', true)
    .executeTakeFirst();
  return (
    r && {
      id: r.id,
      endpointId: r.endpoint_id,
      url: r.url,
      secrets:
        r.previous_secret && r.previous_secret_until && r.previous_secret_until > at
          ? [r.secret, r.previous_secret]
          : [r.secret],
      attempts: r.attempts,
      tryingSince: r.trying_since,
      event: { id: r.event_id, type: r.type, created_at: r.created_at, data: r.data },
    }
  );
}

export interface Outcome {
  /** The receiver's status code; undefined when none came (refused, timed out). */
  statusCode?: number | undefined;
  error?: string | undefined;
}

/** The backoff's inputs: its jitter source and (tests) its first wait. */
interface Backoff {
  random: () => number;
  firstDelayMs?: number | undefined;
}

/**
 * Records a try: a 2xx is delivered; anything else is tried again after the backoff (the next job sent in the
 * same transaction), or failed once three days of tries have passed. Returns the delivery's status, or undefined
 * when another run of the job recorded first. The row's times are the app's clock; the next job's is real time
 * (pg-boss compares it with the database's now()).
 */
export async function recordAttempt(
  db: Kysely<Database>,
  delivery: DueDelivery,
  outcome: Outcome,
  at: Date,
  backoff: Backoff,
) {
  const attempts = delivery.attempts + 1;
  const ok = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const givenUp = !ok && at.getTime() - delivery.tryingSince.getTime() >= keepTryingMs;
  const status = ok ? 'delivered' : givenUp ? 'failed' : 'pending';
  const waitMs = retryDelayMs(attempts, backoff.random(), backoff.firstDelayMs);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempts,
        last_status_code: outcome.statusCode ?? null,
        last_error: ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`),
        last_attempt_at: at,
        next_attempt_at: status === 'pending' ? new Date(at.getTime() + waitMs) : null,
      })
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', delivery.attempts)
      .returning('status')
      .executeTakeFirst();
    if (row?.status === 'pending')
      await sendDeliveryJobs(
        trx,
        [{ id: delivery.id, endpoint_id: delivery.endpointId, attempts }],
        new Date(Date.now() + waitMs),
      );
    return row?.status;
  });
}
