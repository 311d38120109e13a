// One notification to one person: its line in the bell when the person keeps the in-app channel on for its kind
// (channelsOf), in the transaction of the change that raised it, so a rolled-back change tells nobody. What else
// hears of it (the push sender) subscribes with onNotify: it is called for every notice, whatever the in-app
// channel, with the row when there is one, and asks channelsOf for its own channel.
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Notifications } from '../../db/generated-types.js';
import type { NotificationKind } from '../../../../contracts/notifications.js';
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

export type NotificationRow = Selectable<Notifications>;

/** Hears every notice in its transaction: the in-app row, or null when the person keeps the bell off for it. */
export type NotifyListener = (
  trx: Kysely<Database>,
  notice: Notice,
  row: NotificationRow | null,
) => Promise<void>;

const listeners = new Set<NotifyListener>();

/** Adds a listener (the push sender); the answer removes it again. */
export function onNotify(listener: NotifyListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The title and body as one line each, at most as long as the bell shows. */
const clip = (value: string, max: number) => {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export async function notify(trx: Kysely<Database>, notice: Notice): Promise<NotificationRow | null> {
  const row = (await channelsOf(trx, notice.userId, notice.kind)).in_app
    ? await trx
        .insertInto('notifications')
        .values({
          tenant_id: notice.tenantId,
          user_id: notice.userId,
          kind: notice.kind,
          title: clip(notice.title, 200),
          body: notice.body ? clip(notice.body, 300) : null,
          link: notice.link,
          event_id: notice.eventId ?? null,
          // The database's clock, as the event's: the bell orders by id, this is what it shows.
          created_at: sql<Date>`now()`,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    : null;
  for (const listener of listeners) await listener(trx, notice, row);
  return row;
}
