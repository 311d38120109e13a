// Booking: clients book their coach's free time. A coach's weekly hours (several ranges a day, wall clock in
// their zone), days off and extra days, their booking settings (buffers, notice, horizon, a daily cap), their
// meeting types, and a fixed room address; a booked meeting's type, who booked it and the client's note; and
// tenant.json's booking block (notice, rooms, default types), written with the tenant on every start.
//
// Double booking is refused by the database itself: two meetings a client or a key booked may not overlap for
// one coach (an exclusion constraint), so even a path that missed the coach's lock cannot commit a second one. A
// coach's own meetings stay outside it: a coach may still keep an overlap they confirmed.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const clockTime = (column: string) => sql.raw(`${column} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'`);

const NOTES: Record<string, string> = {
  'availability_ranges.weekday': 'ISO: 1 Monday … 7 Sunday.',
  'availability_ranges.start_time': "HH:mm on the coach's wall clock (users.time_zone).",
  'availability_ranges.end_time': "HH:mm on the coach's wall clock; 24:00 is midnight at the day's end.",
  'availability_days.kind': 'off: no hours that day; extra: these hours besides (or instead of) the week.',
  'availability_days.date': "YYYY-MM-DD on the coach's calendar.",
  'booking_settings.max_per_day': "At most this many meetings on one of the coach's days; null: no cap.",
  'meeting_types.notice_hours':
    "Move or cancel up to this many hours before; null: tenant.json's noticeHours.",
  'meeting_types.active': 'false: archived (a type with meetings is never deleted).',
  'meeting_types.audience': "clients (all the coach's), group (group_id's members) or flag (who holds flag).",
  'meetings.booked_by':
    'coach (scheduled by the coach), client (booked in the portal) or integration (a key).',
  'meetings.client_note': 'What the client wrote when booking.',
  'coaches.room_url': "The coach's fixed video room, for tenant.json's booking.rooms kind coach.",
  'tenants.booking_notice_hours': "tenant.json's booking.noticeHours.",
  'tenants.booking_rooms': "tenant.json's booking.rooms: { kind: none | jitsi (with baseUrl) | coach }.",
  'tenants.booking_meeting_types': "tenant.json's booking.meetingTypes: the types a coach starts with.",
};

const notes = (note: (text: string) => string | null) =>
  Object.entries(NOTES).map(
    ([column, text]) => sql`comment on column ${sql.ref(column)} is ${sql.lit(note(text))}`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);

  await db.schema
    .createTable('availability_ranges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('weekday', 'smallint', (c) => c.notNull().check(sql`weekday between 1 and 7`))
    .addColumn('start_time', 'text', (c) => c.notNull().check(clockTime('start_time')))
    .addColumn('end_time', 'text', (c) => c.notNull().check(clockTime('end_time')))
    .addCheckConstraint('availability_ranges_order', sql`start_time < end_time`)
    .execute();
  await db.schema
    .createIndex('availability_ranges_coach')
    .on('availability_ranges')
    .columns(['coach_id', 'weekday'])
    .execute();

  await db.schema
    .createTable('availability_days')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull().check(sql`date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('off', 'extra')`))
    .addColumn('start_time', 'text', (c) => c.check(clockTime('start_time')))
    .addColumn('end_time', 'text', (c) => c.check(clockTime('end_time')))
    // A day off is the whole day; an extra day has its hours.
    .addCheckConstraint(
      'availability_days_hours',
      sql`(kind = 'off' and start_time is null and end_time is null)
        or (kind = 'extra' and start_time < end_time)`,
    )
    .execute();
  await db.schema
    .createIndex('availability_days_coach')
    .on('availability_days')
    .columns(['coach_id', 'date'])
    .execute();

  await db.schema
    .createTable('booking_settings')
    .addColumn('coach_id', 'integer', (c) => c.primaryKey().references('coaches.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('buffer_before_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buffer_after_minutes', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('min_notice_minutes', 'integer', (c) => c.notNull().defaultTo(720))
    .addColumn('horizon_days', 'integer', (c) => c.notNull().defaultTo(42))
    .addColumn('max_per_day', 'integer')
    .execute();

  await db.schema
    .createTable('meeting_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) =>
      c.notNull().check(sql`duration_minutes between 5 and 480`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().check(sql`location in ('video', 'place', 'phone')`))
    .addColumn('place', 'text')
    .addColumn('audience', 'text', (c) =>
      c
        .notNull()
        .defaultTo('clients')
        .check(sql`audience in ('clients', 'group', 'flag')`),
    )
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('flag', 'text')
    .addColumn('needs_credit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notice_hours', 'integer')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meeting_types_coach').on('meeting_types').column('coach_id').execute();

  await db.schema
    .alterTable('meetings')
    .addColumn('meeting_type_id', 'integer', (c) => c.references('meeting_types.id').onDelete('restrict'))
    .addColumn('booked_by', 'text', (c) =>
      c
        .notNull()
        .defaultTo('coach')
        .check(sql`booked_by in ('coach', 'client', 'integration')`),
    )
    .addColumn('client_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // A meeting's span. Minutes are the same length in every zone, so the function is truly immutable, as an
  // index expression must be (timestamptz + interval in general is not: a day's length depends on the zone).
  await sql`
    create function meeting_span(starts timestamptz, minutes integer) returns tstzrange
    language sql immutable parallel safe
    as $$ select tstzrange(starts, starts + make_interval(mins => minutes), '[)') $$`.execute(db);
  await sql`
    alter table meetings add constraint meetings_booked_no_overlap
    exclude using gist (coach_id with =, meeting_span(starts_at, duration_minutes) with &&)
    where (booked_by <> 'coach')`.execute(db);

  await db.schema.alterTable('coaches').addColumn('room_url', 'text').execute();
  await db.schema
    .alterTable('tenants')
    .addColumn('booking_notice_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('booking_rooms', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"kind":"none"}'::jsonb`))
    .addColumn('booking_meeting_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  for (const statement of notes((text) => text)) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .dropColumn('booking_notice_hours')
    .dropColumn('booking_rooms')
    .dropColumn('booking_meeting_types')
    .execute();
  await db.schema.alterTable('coaches').dropColumn('room_url').execute();
  await sql`alter table meetings drop constraint meetings_booked_no_overlap`.execute(db);
  await sql`drop function meeting_span(timestamptz, integer)`.execute(db);
  await db.schema
    .alterTable('meetings')
    .dropColumn('meeting_type_id')
    .dropColumn('booked_by')
    .dropColumn('client_note')
    .execute();
  await db.schema.dropTable('meeting_types').execute();
  await db.schema.dropTable('booking_settings').execute();
  await db.schema.dropTable('availability_days').execute();
  await db.schema.dropTable('availability_ranges').execute();
  // btree_gist stays: another schema object may use it, and keeping an extension costs nothing.
}
