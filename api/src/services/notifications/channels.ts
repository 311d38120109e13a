// Which channels a person gets a kind of notification on: their own choice where they made one
// (notification_preferences), else their tenant's (tenant.json's notifications.channels), else the product's
// (contracts/notifications.ts). A channel a kind never uses stays off whatever a row says. One statement, so the
// mailer, the push sender and the notification centre ask the same question the same way.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import {
  CHANNELS,
  NOTIFICATION_KINDS,
  type Channel,
  type NotificationKind,
} from '../../../../contracts/notifications.js';

/** The channels a kind uses when neither the person nor the tenant chose. */
const productDefault = (kind: NotificationKind): readonly Channel[] => NOTIFICATION_KINDS[kind].channels;

const allowed = (kind: NotificationKind, channel: Channel) =>
  !((NOTIFICATION_KINDS[kind] as { never?: readonly Channel[] }).never ?? []).includes(channel);

/** Each channel on or off for `kind` and the person `userId`; a person of no tenant row gets nothing. */
export async function channelsOf(
  db: Kysely<Database>,
  userId: number,
  kind: NotificationKind,
): Promise<Record<Channel, boolean>> {
  const row = await db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      sql<Channel[] | null>`tenants.notification_channels -> ${kind}`.as('tenant'),
      (eb) =>
        eb
          .selectFrom('notification_preferences')
          .select(sql<Record<Channel, boolean>>`jsonb_object_agg(channel, enabled)`.as('own'))
          .whereRef('notification_preferences.user_id', '=', 'users.id')
          .where('notification_preferences.kind', '=', kind)
          .as('own'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  const off = { in_app: false, mail: false, push: false };
  if (!row) return off;
  const defaults = row.tenant ?? productDefault(kind);
  return Object.fromEntries(
    CHANNELS.map((channel) => [
      channel,
      allowed(kind, channel) && (row.own?.[channel] ?? defaults.includes(channel)),
    ]),
  ) as Record<Channel, boolean>;
}
