// One notification to one person: its line in the bell when the person keeps the in-app channel on for its kind
// (channelsOf), in the transaction of the change that raised it, so a rolled-back change tells nobody; and, when
// they keep push on, a job of the `push` queue in the same transaction, which sends it to their devices
// (pushJob below; the queue retries a push service that is down). A push raised inside the person's quiet hours
// (their own, else their tenant's, on their wall clock) waits for their end; the bell's line is written at once.
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Notifications } from '../../db/generated-types.js';
import type { NotificationKind } from '../../../../contracts/notifications.js';
import { sendJobs } from '../jobs/job-queue.js';
import { outsideQuietHours, quietOf } from '../reminders/quiet-hours.js';
import { channelsOf } from './channels.js';

export interface Notice {
  tenantId: number;
  userId: number;
  kind: NotificationKind;
  title: string;
  body?: string | null;
  /** The app's page it opens for this person (a path such as /coach/messages/12). */
  link: string;
  /** The event that raised it (events.id); none for a reminder. */
  eventId?: string | null;
}

type NotificationRow = Selectable<Notifications>;

/** The title and body as one line each, at most as long as the bell shows. */
const clip = (value: string, max: number) => {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** What a `push` job carries: the person and what their devices show. */
export interface PushJob {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/** A person without a zone of their own lives in UTC's days (as the daily reminders read them). */
const FALLBACK_ZONE = 'UTC';

/** When a push to `userId` raised now may go: now, or the end of their quiet hours when now is inside them. */
async function pushTime(trx: Kysely<Database>, userId: number): Promise<Date> {
  const person = await trx
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['users.time_zone', 'users.quiet_from', 'users.quiet_to', 'tenants.quiet_hours'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  // Real time, not an injected clock: pg-boss compares start_after with the database's now(), which is real too.
  return outsideQuietHours(
    new Date(),
    quietOf(person, person.quiet_hours),
    person.time_zone ?? FALLBACK_ZONE,
  );
}

export async function notify(trx: Kysely<Database>, notice: Notice): Promise<NotificationRow | null> {
  const channels = await channelsOf(trx, notice.userId, notice.kind);
  const title = clip(notice.title, 200);
  const body = notice.body ? clip(notice.body, 300) : null;
  const row = channels.in_app
    ? await trx
        .insertInto('notifications')
        .values({
          tenant_id: notice.tenantId,
          user_id: notice.userId,
          kind: notice.kind,
          title,
          body,
          link: notice.link,
          event_id: notice.eventId ?? null,
          // The database's clock, as the event's: the bell orders by id, this is what it shows.
          created_at: sql<Date>`now()`,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    : null;
  if (channels.push) {
    const data: PushJob = {
      userId: notice.userId,
      kind: notice.kind,
      title,
      body: body ?? '',
      link: notice.link,
    };
    await sendJobs(trx, [{ queue: 'push', data, startAfter: await pushTime(trx, notice.userId) }]);
  }
  return row;
}
