// A coach's outside calendars: add one by its subscription address (the "secret address in iCal format" of
// Google, Outlook or Apple; webcal:// is its https:// address), see each one's state, remove it, fetch it now.
// The address follows the webhook addresses' rule (checkAddress) and every fetch goes through the guarded
// client; after saving only its host is ever answered. Adding fetches at once, so the coach sees straight away
// whether the address works, and so does Refresh; each records the fetch and plans the next 15 minutes on, on the
// job queue (calendar-schedule.ts runs it), replacing the job waiting: clicking Refresh never piles jobs up.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { coachProfile } from '../coach/meetings-repository.js';
import { checkAddress } from '../outbound/guarded-client.js';
import type { GuardedClient } from '../outbound/guarded-client.js';
import { fetchCalendar, fetchedAddress } from './calendar-fetch.js';
import {
  deleteConnection,
  findForFetch,
  insertConnection,
  listConnections,
  recordFetch,
} from './connections-repository.js';
import type { ConnectionRow } from './connections-repository.js';

interface CalendarsDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** Production accepts https only, and no address of this server's own network. */
  production: boolean;
  client: GuardedClient;
  /** How long after a fetch the next is due (connections-repository.ts's FETCH_EVERY_MS unless given). */
  everyMs?: number | undefined;
}

/** Calendars one coach may connect: a work, a private and a family calendar and some room to spare. */
const MAX_CALENDARS = 10;

const notFound = () => new HttpError(404, 'This calendar is not connected.');

/** A connection as the coach sees it (contracts/rest/calendars.ts's calendarConnection). */
const shown = ({ busy_count, ...row }: ConnectionRow) => ({
  ...row,
  state: row.problem ? ('failing' as const) : row.last_attempt_at ? ('ok' as const) : ('waiting' as const),
  busy_count: Number(busy_count ?? 0),
});

export function createCalendarsService({ db, now, production, client, everyMs }: CalendarsDeps) {
  const coachOf = async (actor: Actor) => {
    const coach = await coachProfile(db, actor);
    if (!coach) throw new HttpError(403, 'This is not available to your account.');
    return coach.id;
  };
  const listed = async (actor: Actor, coachId: number) =>
    (await listConnections(db, actor.tenantId, coachId)).map(shown);
  /** Fetches one calendar now and answers it as listed afterwards. */
  const refreshed = async (actor: Actor, coachId: number, id: number) => {
    const calendar = await findForFetch(db, actor.tenantId, coachId, id);
    if (!calendar) throw notFound();
    await recordFetch(db, calendar, await fetchCalendar(client, calendar, now()), now(), everyMs);
    const row = (await listed(actor, coachId)).find((c) => c.id === id);
    if (!row) throw notFound();
    return row;
  };
  return {
    async list(actor: Actor) {
      return listed(actor, await coachOf(actor));
    },
    async add(actor: Actor, input: { label: string; url: string }) {
      const coachId = await coachOf(actor);
      const url = fetchedAddress(input.url.trim());
      checkAddress(url, production, 'webcal://calendar.example.com/your-secret-address.ics');
      const count = (await listConnections(db, actor.tenantId, coachId)).length;
      if (count >= MAX_CALENDARS)
        throw new FieldError({ url: [`You can connect up to ${MAX_CALENDARS} calendars.`] });
      const { id } = await insertConnection(
        db,
        {
          tenant_id: actor.tenantId,
          coach_id: coachId,
          label: input.label.trim(),
          url,
          host: new URL(url).hostname,
          at: now(),
        },
        everyMs,
      );
      return refreshed(actor, coachId, id);
    },
    async remove(actor: Actor, id: number) {
      const row = await deleteConnection(db, actor.tenantId, await coachOf(actor), id);
      if (!row) throw notFound();
      return row;
    },
    async refresh(actor: Actor, id: number) {
      return refreshed(actor, await coachOf(actor), id);
    },
  };
}
