// The schedule that keeps outside calendars fresh: every tick claims the calendars due (each is due 15 minutes
// after its last fetch, good or failed) and fetches them, a claim at a time per instance. The claim is the
// webhook queue's (FOR UPDATE SKIP LOCKED, connections-repository.ts), so N instances fetch each calendar once.
// Kept small on purpose, like webhook-retry.ts: every timed job (this one, webhook retries, the mail outbox) is
// to move onto one durable job library (DESIGN), and this loop then becomes one of its jobs. Started by app.ts
// only when asked (the server does; tests start it themselves).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { GuardedClient } from '../outbound/guarded-client.js';
import { fetchCalendar } from './calendar-fetch.js';
import { claimDue, recordFetch } from './connections-repository.js';

interface FetchDeps {
  db: Kysely<Database>;
  now: () => Date;
  client: GuardedClient;
}

/** Calendars one claim takes: fetched side by side, each within its timeout. */
const perClaim = 10;

/** Claims the calendars due and fetches each; how many it fetched. */
export async function fetchDueCalendars({ db, now, client }: FetchDeps): Promise<number> {
  const due = await claimDue(db, now(), perClaim);
  await Promise.all(
    due.map(async (calendar) =>
      recordFetch(db, calendar, await fetchCalendar(client, calendar, now()), now()),
    ),
  );
  return due.length;
}

export function scheduleCalendarFetches(app: FastifyInstance, deps: FetchDeps, everyMs: number): void {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = fetchDueCalendars(deps)
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'fetching outside calendars failed'),
      )
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, everyMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
