// The webhook delivery queue (migration 1200), claimed like the mail outbox: a claim pushes the row's
// next_attempt_at a lease ahead in one statement with FOR UPDATE SKIP LOCKED, so several API instances on one
// database never send the same delivery at the same time, and a crashed instance's claim simply runs out. Every
// later write is fenced on the lease it holds: a sender whose lease ran out (its process paused) changes nothing.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { keepTryingMs, retryDelayMs } from './backoff.js';

/**
 * How long a claimed delivery stays out of other instances' reach. A send is cut off after a few seconds, so
 * a lease of a minute outlasts any send of a batch.
 */
const leaseMs = 60_000;

export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  url: string;
  /** What signs it: the endpoint's secret, and the one a rotation replaced while its grace period lasts. */
  secrets: string[];
  attempts: number;
  tryingSince: Date;
  event: { id: string; type: string; created_at: Date; data: Record<string, unknown> };
  leaseUntil: Date;
}

/** Takes up to `limit` due deliveries of enabled endpoints and leases them to this instance. */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  at: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const leaseUntil = new Date(at.getTime() + leaseMs);
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: leaseUntil })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where('endpoint_id', 'in', (e) =>
          e.selectFrom('webhook_endpoints').select('id').where('enabled', '=', true),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .modifyEnd(sql`for update skip locked`),
    )
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  const rows = await db
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
    .where(
      'd.id',
      'in',
      claimed.map((row) => row.id),
    )
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
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
    leaseUntil,
  }));
}

export interface Outcome {
  /** The receiver's status code; undefined when none came (refused, timed out). */
  statusCode?: number | undefined;
  error?: string | undefined;
}

/**
 * Records a try: a 2xx is delivered; anything else is tried again after the backoff, or failed once three days
 * of tries have passed. Returns the delivery's status, or undefined when the lease was no longer this sender's.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  delivery: ClaimedDelivery,
  outcome: Outcome,
  at: Date,
  random: () => number,
) {
  const attempts = delivery.attempts + 1;
  const ok = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const givenUp = !ok && at.getTime() - delivery.tryingSince.getTime() >= keepTryingMs;
  const status = ok ? 'delivered' : givenUp ? 'failed' : 'pending';
  const row = await db
    .updateTable('webhook_deliveries')
    .set({
      status,
      attempts,
      last_status_code: outcome.statusCode ?? null,
      last_error: ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`),
      last_attempt_at: at,
      next_attempt_at:
        status === 'pending' ? new Date(at.getTime() + retryDelayMs(attempts, random())) : null,
    })
    .where('id', '=', delivery.id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', delivery.leaseUntil)
    .returning('status')
    .executeTakeFirst();
  return row?.status;
}
