// A coach's outside calendars and their busy times (migration 1880). The schedule's claim is the webhook
// queue's: one statement pushes a due connection's next_fetch_at a lease ahead with FOR UPDATE SKIP LOCKED, so
// N instances fetch each calendar once; the result is written fenced on that lease, and the busy set is
// replaced whole in the same transaction, so a reader sees the old set or the new one, never half of either.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { epochMs } from '../../db/epoch-ms.js';
import type { Busy } from './busy-ics.js';

/** How long a claimed calendar stays out of other instances' reach: longer than a fetch's timeout. */
const leaseMs = 2 * 60_000;
/** How often each calendar is fetched. */
const FETCH_EVERY_MS = 15 * 60_000;

export function listConnections(db: Kysely<Database>, tenantId: number, coachId: number) {
  return db
    .selectFrom('calendar_connections as c')
    .select((eb) => [
      'c.id',
      'c.label',
      'c.host',
      'c.created_at',
      'c.last_attempt_at',
      'c.last_success_at',
      'c.problem',
      eb
        .selectFrom('calendar_busy as b')
        .select(eb.fn.countAll<string | number>().as('n'))
        .whereRef('b.connection_id', '=', 'c.id')
        .as('busy_count'),
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.coach_id', '=', coachId)
    .orderBy('c.id')
    .execute();
}

export type ConnectionRow = Awaited<ReturnType<typeof listConnections>>[number];

export function insertConnection(
  db: Kysely<Database>,
  row: { tenant_id: number; coach_id: number; label: string; url: string; host: string; at: Date },
) {
  const { at, ...values } = row;
  // Adding fetches at once (calendars-service.ts): the schedule's first fetch is the one after that.
  return db
    .insertInto('calendar_connections')
    .values({ ...values, created_at: at, next_fetch_at: new Date(at.getTime() + FETCH_EVERY_MS) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function deleteConnection(db: Kysely<Database>, tenantId: number, coachId: number, id: number) {
  return db
    .deleteFrom('calendar_connections')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('coach_id', '=', coachId)
    .returning('id')
    .executeTakeFirst();
}

/** What a fetch needs of a calendar: its address and the zone of its coach (for all-day and floating times). */
const fetchColumns = ['c.id', 'c.url', 'u.time_zone'] as const;

interface ClaimedCalendar {
  id: number;
  url: string;
  time_zone: string | null;
  /** The lease this claim holds; null: a fetch the coach asked for, written whatever the schedule does. */
  leaseUntil: Date | null;
}

export async function findForFetch(
  db: Kysely<Database>,
  tenantId: number,
  coachId: number,
  id: number,
): Promise<ClaimedCalendar | undefined> {
  const row = await db
    .selectFrom('calendar_connections as c')
    .innerJoin('coaches', 'coaches.id', 'c.coach_id')
    .innerJoin('users as u', 'u.id', 'coaches.user_id')
    .select(fetchColumns)
    .where('c.id', '=', id)
    .where('c.tenant_id', '=', tenantId)
    .where('c.coach_id', '=', coachId)
    .executeTakeFirst();
  return row && { ...row, leaseUntil: null };
}

/** Leases up to `limit` calendars due for a fetch to this instance. */
export async function claimDue(db: Kysely<Database>, at: Date, limit: number): Promise<ClaimedCalendar[]> {
  const leaseUntil = new Date(at.getTime() + leaseMs);
  const claimed = await db
    .updateTable('calendar_connections')
    .set({ next_fetch_at: leaseUntil })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('calendar_connections')
        .select('id')
        .where('next_fetch_at', '<=', at)
        .orderBy('next_fetch_at')
        .orderBy('id')
        .limit(limit)
        .modifyEnd(sql`for update skip locked`),
    )
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  const rows = await db
    .selectFrom('calendar_connections as c')
    .innerJoin('coaches', 'coaches.id', 'c.coach_id')
    .innerJoin('users as u', 'u.id', 'coaches.user_id')
    .select(fetchColumns)
    .where(
      'c.id',
      'in',
      claimed.map((row) => row.id),
    )
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ ...row, leaseUntil }));
}

export type FetchOutcome = { busy: Busy[] } | { problem: string };

/**
 * Records a fetch: a good one replaces the busy set whole; a failed one keeps the last good set and says why.
 * Either way the next fetch is due FETCH_EVERY_MS later. False when a claim's lease was no longer this
 * instance's (or the calendar was removed meanwhile): nothing is written then.
 */
export function recordFetch(
  db: Kysely<Database>,
  calendar: ClaimedCalendar,
  outcome: FetchOutcome,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ok = 'busy' in outcome;
    let update = trx
      .updateTable('calendar_connections')
      .set({
        last_attempt_at: at,
        next_fetch_at: new Date(at.getTime() + FETCH_EVERY_MS),
        problem: ok ? null : outcome.problem,
        ...(ok && { last_success_at: at }),
      })
      .where('id', '=', calendar.id);
    if (calendar.leaseUntil) update = update.where('next_fetch_at', '=', calendar.leaseUntil);
    const row = await update.returning('id').executeTakeFirst();
    if (!row || !ok) return Boolean(row);
    await trx.deleteFrom('calendar_busy').where('connection_id', '=', calendar.id).execute();
    // A few thousand rows at most (MAX_BUSY), in batches well under PostgreSQL's limit of bound parameters.
    for (let i = 0; i < outcome.busy.length; i += 1000)
      await trx
        .insertInto('calendar_busy')
        .values(
          outcome.busy
            .slice(i, i + 1000)
            .map((b) => ({ connection_id: calendar.id, starts_at: b.start, ends_at: b.end })),
        )
        .execute();
    return true;
  });
}

/**
 * The busy times of all a coach's outside calendars overlapping [from, to), as ms (db/epoch-ms.ts): a query, so
 * booking's busy times run it in their one statement (booking-repository.ts).
 */
export function busyOfCoach(db: Kysely<Database>, tenantId: number, coachId: number, from: Date, to: Date) {
  return db
    .selectFrom('calendar_busy as b')
    .innerJoin('calendar_connections as c', 'c.id', 'b.connection_id')
    .select([epochMs('b.starts_at').as('start'), epochMs('b.ends_at').as('end')])
    .where('c.tenant_id', '=', tenantId)
    .where('c.coach_id', '=', coachId)
    .where('b.starts_at', '<', to)
    .where('b.ends_at', '>', from);
}
