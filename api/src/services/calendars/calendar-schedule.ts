// The schedule that keeps outside calendars fresh, on the job queue (services/jobs/, queue `calendar`): each
// connection has one job waiting, due 15 minutes after its last fetch (good or failed), which fetches it and plans
// the next in the transaction that records it (connections-repository.ts). pg-boss's claim runs each job in one
// instance; a run that dies (held past the job's 2 minutes) is run again elsewhere, which is harmless: a fetch
// is only read, and a second record replaces the first and its planned job. A job whose connection was removed
// does nothing and plans nothing, so the chain ends with the connection.
import type { FastifyInstance } from 'fastify';
import { scheduleSweep } from '../jobs/sweep.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { GuardedClient } from '../outbound/guarded-client.js';
import { fetchCalendar } from './calendar-fetch.js';
import {
  connectionsWithoutJob,
  FETCH_EVERY_MS,
  findJobCalendar,
  planFetch,
  recordFetch,
} from './connections-repository.js';
import type { CalendarJob } from './connections-repository.js';

interface FetchDeps {
  db: Kysely<Database>;
  now: () => Date;
  client: GuardedClient;
  /** How long after a fetch the next is due (FETCH_EVERY_MS unless the app is given another pace). */
  everyMs: number;
}

/** The `calendar` queue's handler: fetches the job's connection, if it is still there, and records it. */
export function calendarFetchHandler({ db, now, client, everyMs }: FetchDeps) {
  return async ({ connectionId }: CalendarJob): Promise<void> => {
    const calendar = await findJobCalendar(db, connectionId);
    if (!calendar) return;
    await recordFetch(db, calendar, await fetchCalendar(client, calendar, now()), now(), everyMs);
  };
}

/**
 * Plans a job for each connection that has none: those made before the queue (migration 1902), or whose chain a
 * job that failed for good ended. Due `everyMs` after its last fetch, at once if that is past or there was none.
 * Safe on every instance at once: the queue's stately policy keeps a second job of a connection out.
 */
async function planMissingFetches({ db, now, everyMs }: FetchDeps): Promise<void> {
  for (const { id, last_attempt_at } of await connectionsWithoutJob(db)) {
    const due = last_attempt_at ? last_attempt_at.getTime() + everyMs - now().getTime() : 0;
    await db.transaction().execute((trx) => planFetch(trx, id, Math.max(0, due)));
  }
}

/**
 * Runs planMissingFetches when the instance is ready and every 15 minutes, like the daily reminders' sweep: it
 * only starts chains (the jobs are the durable part).
 */
export function scheduleCalendarPlanning(app: FastifyInstance, deps: FetchDeps): void {
  scheduleSweep(app, FETCH_EVERY_MS, 'planning calendar fetches failed', () => planMissingFetches(deps));
}
