// A coach's outside calendars and their busy times (migration 1880). Each connection's next fetch is a job of the
// `calendar` queue (migration 1902), keyed by the connection: sent when the connection is made and again in the
// transaction that records each fetch, so a connection has one job waiting whoever fetched it last (the queue's
// stately policy keeps it to one). The busy set is replaced whole in that same transaction, so a reader sees the
// old set or the new one, never half of either.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { epochMs } from '../../db/epoch-ms.js';
import { dropJobs, sendJobs } from '../jobs/job-queue.js';
import type { Busy } from './busy-ics.js';

/** How long after a fetch (good or failed) the next one is due, unless the app is given another pace. */
export const FETCH_EVERY_MS = 15 * 60_000;

/** What a calendar job carries: the connection alone; the row holds the rest. */
export interface CalendarJob {
  connectionId: number;
}

/** Runs `work` in `db`'s transaction, or in one of its own (the seed may pass either). */
const inTransaction = <T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/** A connection's job key; its trailing `:` keeps connection 12's prefix from matching connection 120's. */
const keyOf = (id: number) => `connection:${id}:`;

/**
 * Plans a connection's next fetch `delayMs` from now, replacing the one waiting, in `trx` (the write it follows).
 * Real time, not the app's clock: pg-boss compares a job's start with the database's now(), which is real too.
 * A fetch takes 15 s at most, so a run held 2 minutes has died and another instance takes the job again.
 */
export async function planFetch(trx: Kysely<Database>, id: number, delayMs: number): Promise<void> {
  await dropJobs(trx, 'calendar', keyOf(id));
  await sendJobs(trx, [
    {
      queue: 'calendar',
      data: { connectionId: id } satisfies CalendarJob,
      key: keyOf(id),
      startAfter: new Date(Date.now() + delayMs),
      expireInSeconds: 120,
    },
  ]);
}

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

/** Adds a connection and plans its fetch `delayMs` on (adding fetches at once: the schedule's is the one after). */
export function insertConnection(
  db: Kysely<Database>,
  row: { tenant_id: number; coach_id: number; label: string; url: string; host: string; at: Date },
  delayMs = FETCH_EVERY_MS,
) {
  const { at, ...values } = row;
  return inTransaction(db, async (trx) => {
    const made = await trx
      .insertInto('calendar_connections')
      .values({ ...values, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await planFetch(trx, made.id, delayMs);
    return made;
  });
}

/** Removes a connection (its busy times go with it) and its waiting job; a job running finds it gone. */
export function deleteConnection(db: Kysely<Database>, tenantId: number, coachId: number, id: number) {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .deleteFrom('calendar_connections')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('coach_id', '=', coachId)
      .returning('id')
      .executeTakeFirst();
    if (row) await dropJobs(trx, 'calendar', keyOf(id));
    return row;
  });
}

/** What a fetch needs of a calendar: its address and the zone of its coach (for all-day and floating times). */
interface CalendarToFetch {
  id: number;
  url: string;
  time_zone: string | null;
}

const toFetch = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('calendar_connections as c')
    .innerJoin('coaches', 'coaches.id', 'c.coach_id')
    .innerJoin('users as u', 'u.id', 'coaches.user_id')
    .select(['c.id', 'c.url', 'u.time_zone'])
    .where('c.id', '=', id);

/** A coach's own connection to fetch (a Refresh), or undefined when it is not theirs. */
export function findForFetch(
  db: Kysely<Database>,
  tenantId: number,
  coachId: number,
  id: number,
): Promise<CalendarToFetch | undefined> {
  return toFetch(db, id)
    .where('c.tenant_id', '=', tenantId)
    .where('c.coach_id', '=', coachId)
    .executeTakeFirst();
}

/** A job's connection, or undefined when it was removed since the job was sent. */
export function findJobCalendar(db: Kysely<Database>, id: number): Promise<CalendarToFetch | undefined> {
  return toFetch(db, id).executeTakeFirst();
}

/**
 * The connections without a job waiting or running (their key spelled as keyOf spells it), and when they were
 * last fetched, to plan the next from.
 */
export async function connectionsWithoutJob(db: Kysely<Database>) {
  const { rows } = await sql<{ id: number; last_attempt_at: Date | null }>`select c.id, c.last_attempt_at
    from calendar_connections c
    where not exists (select 1 from pgboss.job j
      where j.name = 'calendar' and j.state < 'completed' and j.singleton_key = 'connection:' || c.id || ':')
    order by c.id`.execute(db);
  return rows;
}

export type FetchOutcome = { busy: Busy[] } | { problem: string };

/**
 * Records a fetch and plans the next `delayMs` on, in one transaction: a good one replaces the busy set whole; a
 * failed one keeps the last good set and says why. False when the calendar was removed meanwhile: nothing is
 * written nor planned then. The row's update comes first: its lock makes two records of one calendar (a Refresh
 * and the job) take turns, so the second drops the job the first planned and one job waits.
 */
export function recordFetch(
  db: Kysely<Database>,
  calendar: { id: number },
  outcome: FetchOutcome,
  at: Date,
  delayMs = FETCH_EVERY_MS,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const ok = 'busy' in outcome;
    const row = await trx
      .updateTable('calendar_connections')
      .set({
        last_attempt_at: at,
        problem: ok ? null : outcome.problem,
        ...(ok && { last_success_at: at }),
      })
      .where('id', '=', calendar.id)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await planFetch(trx, calendar.id, delayMs);
    if (!ok) return true;
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
