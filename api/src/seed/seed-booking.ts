// Demo booking for a coach: office hours on working days (mornings and afternoons, a lunch hour between), the
// tenant's meeting types (tenant.json's booking.meetingTypes), a fixed video room for a tenant whose rooms are
// the coach's own, two meetings their demo client booked for the coming days, and (when the local stack serves
// it, scripts/lib/seeded-api.ts) the coach's own calendar added by its secret address, read once here so /book
// shows its busy hours from the first page. A coach who already has hours is left alone, but for the calendar's
// address, which follows the host serving it on every start.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { busyTimes } from '../services/calendars/busy-ics.js';
import { insertMeetingTypes } from '../services/booking/meeting-types-repository.js';
import { insertConnection, recordFetch } from '../services/calendars/connections-repository.js';
import { roomFor } from '../services/booking/rooms.js';
import type { TenantConfig } from '../services/tenants/tenant-files.js';
import { demoCalendar } from './demo-calendar.js';
import { meetingRoom } from './seed-client-work.js';
import type { DemoSet } from './sets/index.js';
import { isoDay, localDay, workingDay, zonedTime } from './working-days.js';

interface BookingSeed {
  tenant: TenantConfig;
  coach: { id: number; userId: number; name: string };
  /** The client who booked two meetings (client@, who holds the booking flag), or none. */
  clientId: number | null;
  at: Date;
  set: DemoSet;
  /** Where the local stack serves the demo calendars (http://127.0.0.1:port), or none. */
  calendarOrigin?: string | undefined;
}

const WEEKDAYS = [1, 2, 3, 4, 5];
const HOURS = [
  ['09:00', '12:00'],
  ['13:00', '17:00'],
] as const;
const DAY = 86_400_000;
const CALENDAR_LABEL = 'My own calendar';

export async function seedBooking(db: Kysely<Database>, seed: BookingSeed): Promise<void> {
  const { tenant, coach, at, set } = seed;
  const tenantId = tenant.id;
  if (seed.calendarOrigin) await seedCalendar(db, seed, seed.calendarOrigin);
  const already = await db
    .selectFrom('availability_ranges')
    .select('id')
    .where('coach_id', '=', coach.id)
    .executeTakeFirst();
  if (already) return;

  await db
    .insertInto('availability_ranges')
    .values(
      WEEKDAYS.flatMap((weekday) =>
        HOURS.map(([start, end]) => ({
          tenant_id: tenantId,
          coach_id: coach.id,
          weekday,
          start_time: start,
          end_time: end,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('booking_settings')
    .values({
      tenant_id: tenantId,
      coach_id: coach.id,
      buffer_before_minutes: 0,
      buffer_after_minutes: 10,
      min_notice_minutes: 12 * 60,
      horizon_days: 42,
      max_per_day: 6,
    })
    .execute();
  // A tenant whose video rooms are each coach's own: a real room (Jitsi Meet opens any name, no account).
  const roomUrl = tenant.booking.rooms.kind === 'coach' ? meetingRoom(tenant.name, coach.name) : null;
  if (roomUrl)
    await db.updateTable('coaches').set({ room_url: roomUrl }).where('id', '=', coach.id).execute();

  const types = await insertMeetingTypes(
    db,
    { tenantId, coachId: coach.id, at },
    tenant.booking.meetingTypes.map((t) => ({
      name: t.name,
      duration_minutes: t.minutes,
      description: t.description ?? '',
      location: t.location,
      place: t.place ?? null,
      audience: 'clients' as const,
      group_id: null,
      flag: null,
      needs_credit: false,
      notice_hours: null,
      active: true,
      prep_form_id: null,
    })),
  );
  if (seed.clientId === null || types.length === 0) return;

  // Two mornings (clear of the groups' afternoons) of working days on which the coach has nothing yet: a video
  // session at 09:30 and the first type ending by noon, both inside the hours above.
  const video = types.find((t) => t.location === 'video') ?? types[0]!;
  const first = types[0]!;
  const zone = set.timeZone;
  const days = await freeMornings(db, coach.id, seed.clientId, at, zone);
  const byNoon = (minutes: number) => Math.max(9 * 60, Math.floor((12 * 60 - minutes) / 30) * 30);
  const bookings = [
    {
      type: video,
      day: days[0]!,
      minutes: 9 * 60 + 30,
      note: `I'd like to talk through “${set.actionSteps[0]!.title}”.`,
    },
    { type: first, day: days[1]!, minutes: byNoon(first.duration_minutes), note: '' },
  ];
  const room = { room_url: roomUrl };
  await db
    .insertInto('meetings')
    .values(
      bookings.map((b) => ({
        tenant_id: tenantId,
        client_id: seed.clientId!,
        coach_id: coach.id,
        title: b.type.name,
        agenda: b.type.description,
        starts_at: zonedTime(b.day, Math.floor(b.minutes / 60), b.minutes % 60, zone),
        duration_minutes: b.type.duration_minutes,
        time_zone: zone,
        ...roomFor(tenant.booking.rooms, tenant.slug, room, b.type),
        meeting_type_id: b.type.id,
        booked_by: 'client' as const,
        client_note: b.note,
      })),
    )
    .execute();
}

/** The first two working days from four days on with none of the coach's meetings and no group session of the client. */
async function freeMornings(db: Kysely<Database>, coachId: number, clientId: number, at: Date, zone: string) {
  const until = new Date(+at + 60 * DAY);
  const [meetings, sessions] = await Promise.all([
    db
      .selectFrom('meetings')
      .select('starts_at as at')
      .where('coach_id', '=', coachId)
      .where('starts_at', '>=', at)
      .where('starts_at', '<', until)
      .execute(),
    db
      .selectFrom('lesson_meetings')
      .select('meeting_time as at')
      .where('client_id', '=', clientId)
      .where('meeting_time', '>=', at)
      .where('meeting_time', '<', until)
      .execute(),
  ]);
  const taken = new Set([...meetings, ...sessions].map((m) => isoDay(localDay(m.at, zone))));
  const free: ReturnType<typeof workingDay>[] = [];
  for (let d = 4; free.length < 2; d += 1) {
    const day = workingDay(at, d, zone);
    if (!taken.has(isoDay(day))) {
      taken.add(isoDay(day));
      free.push(day);
    }
  }
  return free;
}

/**
 * The coach's own calendar at the host's address, read as the API reads one (recordFetch) from what the host
 * serves now: the API's schedule reads it again 15 minutes on, and a coach's Refresh at once.
 */
async function seedCalendar(db: Kysely<Database>, seed: BookingSeed, origin: string) {
  const { tenant, coach, at, set } = seed;
  const url = `${origin}/demo-calendars/${tenant.slug}/${coach.userId}.ics`;
  const host = new URL(url).host;
  // The host's port changes with each start: an existing calendar's address follows it.
  const moved = await db
    .updateTable('calendar_connections')
    .set({ url, host })
    .where('coach_id', '=', coach.id)
    .where('label', '=', CALENDAR_LABEL)
    .returning('id')
    .executeTakeFirst();
  const { id } =
    moved ??
    (await insertConnection(db, {
      tenant_id: tenant.id,
      coach_id: coach.id,
      label: CALENDAR_LABEL,
      url,
      host,
      at,
    }));
  const text = demoCalendar(set.timeZone, at);
  const busy = busyTimes(text, new Date(+at - DAY), new Date(+at + 365 * DAY), set.timeZone);
  await recordFetch(db, { id }, { busy }, at);
}
