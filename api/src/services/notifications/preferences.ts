// Each person's own channels per kind of notification (the kinds their role receives), their quiet hours, and a
// coach's morning summary. A choice is a notification_preferences row, read by channelsOf like every sender's;
// a switch on a channel the kind never uses, or on a kind the role does not receive, is refused per field (422).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { channelsOf } from './channels.js';
import {
  CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_NAMES,
  type Channel,
  type NotificationKind,
} from '../../../../contracts/notifications.js';
import type {
  KindChannels,
  NotificationPreferences,
  PreferencesChange,
} from '../../../../contracts/rest/notifications.js';

/** The channels a kind never uses (no switch on the page). */
const neverUses = (kind: NotificationKind, channel: Channel) =>
  ((NOTIFICATION_KINDS[kind] as { never?: readonly Channel[] }).never ?? []).includes(channel);

/**
 * The kinds a role chooses channels for. The morning summary is the coach's own switch (`morning_summary`), not
 * a line of kinds: one switch, which also turns its mail on or off.
 */
const kindsOf = (role: Actor['role']) =>
  NOTIFICATION_KIND_NAMES.filter(
    (kind) =>
      kind !== 'morning_summary' && (NOTIFICATION_KINDS[kind].roles as readonly string[]).includes(role),
  );

/** Sets the person's own choice for a kind on a channel (a row replaces the tenant's default). */
export async function choose(
  db: Kysely<Database>,
  userId: number,
  kind: NotificationKind,
  channel: Channel,
  enabled: boolean,
) {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, kind, channel, enabled })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doUpdateSet({ enabled }))
    .execute();
}

/** A coach's morning summary on or off: the coach's switch and the summary's mail channel together. */
export async function setMorningSummary(db: Kysely<Database>, userId: number, on: boolean) {
  await db.updateTable('coaches').set({ morning_summary: on }).where('user_id', '=', userId).execute();
  await choose(db, userId, 'morning_summary', 'mail', on);
}

/** Every field of a change that cannot be saved, by its path in the body. */
function refusals(actor: Actor, change: PreferencesChange): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (errors[field] = [message]);
  const allowed = kindsOf(actor.role);
  const seen = new Set<string>();
  (change.kinds ?? []).forEach(({ kind, channels }, i) => {
    if (!allowed.includes(kind))
      return refuse(`kinds.${i}.kind`, 'You do not receive this kind of notification.');
    if (seen.has(kind)) return refuse(`kinds.${i}.kind`, 'Each kind may be named once.');
    seen.add(kind);
    for (const channel of CHANNELS) {
      const value = channels[channel];
      if (neverUses(kind, channel) && value !== null)
        refuse(`kinds.${i}.channels.${channel}`, 'This kind of notification never uses this channel.');
      else if (!neverUses(kind, channel) && value === null)
        refuse(`kinds.${i}.channels.${channel}`, 'Choose on or off.');
    }
  });
  if (change.quiet_hours && change.quiet_hours.from === change.quiet_hours.to)
    refuse('quiet_hours.to', 'The quiet hours must end at another time than they start.');
  if (change.morning_summary !== undefined && actor.role !== 'coach')
    refuse('morning_summary', 'Only a coach gets a morning summary.');
  return errors;
}

export function createNotificationPreferences(db: Kysely<Database>) {
  async function get(actor: Actor): Promise<NotificationPreferences> {
    const kinds = await Promise.all(
      kindsOf(actor.role).map(async (kind) => {
        const on = await channelsOf(db, actor.userId, kind);
        const channels = Object.fromEntries(
          CHANNELS.map((c) => [c, neverUses(kind, c) ? null : on[c]]),
        ) as KindChannels;
        return { kind, label: NOTIFICATION_KINDS[kind].label, channels };
      }),
    );
    const row = await db
      .selectFrom('users')
      .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
      .leftJoin('coaches', 'coaches.user_id', 'users.id')
      .select(['users.quiet_from', 'users.quiet_to', 'tenants.quiet_hours', 'coaches.morning_summary'])
      .where('users.id', '=', actor.userId)
      .where('users.tenant_id', '=', actor.tenantId)
      .executeTakeFirstOrThrow();
    return {
      kinds,
      quiet_hours:
        row.quiet_from !== null && row.quiet_to !== null ? { from: row.quiet_from, to: row.quiet_to } : null,
      tenant_quiet_hours: row.quiet_hours,
      ...(actor.role === 'coach' && { morning_summary: row.morning_summary ?? false }),
    };
  }

  return {
    get,

    async set(actor: Actor, change: PreferencesChange): Promise<NotificationPreferences> {
      const errors = refusals(actor, change);
      if (Object.keys(errors).length > 0) throw new FieldError(errors);
      await db.transaction().execute(async (trx) => {
        for (const { kind, channels } of change.kinds ?? [])
          for (const channel of CHANNELS) {
            const enabled = channels[channel];
            if (enabled !== null) await choose(trx, actor.userId, kind, channel, enabled);
          }
        if (change.quiet_hours !== undefined)
          await trx
            .updateTable('users')
            .set({ quiet_from: change.quiet_hours?.from ?? null, quiet_to: change.quiet_hours?.to ?? null })
            .where('id', '=', actor.userId)
            .where('tenant_id', '=', actor.tenantId)
            .execute();
        if (change.morning_summary !== undefined)
          await setMorningSummary(trx, actor.userId, change.morning_summary);
      });
      return get(actor);
    },
  };
}
