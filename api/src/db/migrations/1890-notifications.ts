// Notifications: what the bell lists for each person (kinds in contracts/notifications.ts), the channels a person
// turned on or off against their tenant's defaults, each device's Web Push subscription, each person's quiet
// hours, a coach's morning summary, tenant.json's notifications block, and one row per reminder sent, whose
// unique key is what makes a reminder go out once however many instances run its job. My Profile's mail topics
// (mail_muted) move into the preferences as the mail channel of their kinds.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const clock = (column: string) => sql.raw(`${column} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('event_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addCheckConstraint('notifications_link_path', sql`link like '/%'`)
    .execute();
  await db.schema
    .createIndex('notifications_user_recent')
    .on('notifications')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind', 'channel'])
    .addCheckConstraint('notification_preferences_channel', sql`channel in ('in_app', 'mail', 'push')`)
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_success_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('reminder_sends')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('quiet_from', 'text').addColumn('quiet_to', 'text').execute();
  await sql`alter table users
    add constraint users_quiet_hours check ((quiet_from is null) = (quiet_to is null)),
    add constraint users_quiet_from check (${clock('quiet_from')}),
    add constraint users_quiet_to check (${clock('quiet_to')})`.execute(db);
  await db.schema
    .alterTable('coaches')
    .addColumn('morning_summary', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('tenants')
    .addColumn('reminder_minutes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[1440, 60]'::jsonb`))
    .addColumn('quiet_hours', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{"from": "21:00", "to": "08:00"}'::jsonb`),
    )
    .addColumn('notification_channels', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  // My Profile's mail topics (migration 1500) become the mail channel of their kinds: one table of choices.
  await sql`
    insert into notification_preferences (user_id, kind, channel, enabled)
    select user_id,
      case topic when 'messages' then 'message' when 'files' then 'file' when 'meetings' then 'meeting'
        else 'group_session' end,
      'mail', false
    from mail_muted`.execute(db);
  await db.schema.dropTable('mail_muted').execute();

  const notes: Record<string, string> = {
    'notifications.kind': 'A kind of contracts/notifications.ts.',
    'notifications.link': "The app's page it opens (a path), for the person it is for.",
    'notifications.event_id': 'The event (events.id) that raised it; null for a reminder.',
    'notifications.read_at': 'When its person opened it or marked it read; null: unread.',
    'notification_preferences.enabled':
      "The person's own choice for the kind on the channel; no row: the tenant's default.",
    'push_subscriptions.endpoint':
      "The push service's address for one device's subscription (dropped when it answers 404 or 410).",
    'reminder_sends.key':
      'What was reminded, to whom and for when (a meeting, its start and the offset; a day of steps): sent once.',
    'users.quiet_from': "HH:mm in the person's zone: no mail or push from then; null: the tenant's hours.",
    'users.quiet_to': "HH:mm in the person's zone: the quiet hours end.",
    'coaches.morning_summary': "The coach gets a summary of the day's work by mail each morning.",
    'tenants.reminder_minutes': "tenant.json's notifications.meetingReminders: minutes before a meeting.",
    'tenants.quiet_hours': "tenant.json's notifications.quietHours: { from, to } as HH:mm.",
    'tenants.notification_channels': "tenant.json's notifications.channels: kind → the channels it uses.",
  };
  for (const [column, text] of Object.entries(notes))
    await sql`comment on column ${sql.ref(column)} is ${sql.lit(text)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .dropColumn('reminder_minutes')
    .dropColumn('quiet_hours')
    .dropColumn('notification_channels')
    .execute();
  await db.schema.alterTable('coaches').dropColumn('morning_summary').execute();
  await db.schema.alterTable('users').dropColumn('quiet_from').dropColumn('quiet_to').execute();
  await db.schema.dropTable('reminder_sends').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema
    .createTable('mail_muted')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_muted_pkey', ['user_id', 'topic'])
    .execute();
  await sql`
    insert into mail_muted (user_id, topic)
    select user_id,
      case kind when 'message' then 'messages' when 'file' then 'files' when 'meeting' then 'meetings'
        else 'group_sessions' end
    from notification_preferences
    where channel = 'mail' and not enabled
      and kind in ('message', 'file', 'meeting', 'group_session')`.execute(db);
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notifications').execute();
}
