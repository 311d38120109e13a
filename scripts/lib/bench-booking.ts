/**
 * What the benchmarks need of booking beyond the seed's (which gives each demo coach hours and two types): the
 * type the simulated clients book, bench:slots' busier weekly hours (three ranges a weekday) over a horizon of
 * its own, and meetings that fill a window of the coach's calendar to a given count. Runs in the API's process
 * before it listens, with the API's own repositories and slot engine.
 */
import type { Kysely } from 'kysely';
import type { Availability, WeeklyRange } from '../../contracts/rest/booking.js';
import type { Database } from '../../api/src/db/database.js';
import {
  readAvailability,
  replaceAvailability,
} from '../../api/src/services/booking/availability-repository.js';
import { busyTimes } from '../../api/src/services/booking/booking-repository.js';
import { listMeetingTypes } from '../../api/src/services/booking/meeting-types-repository.js';
import { freeSlots } from '../../api/src/services/booking/slots.js';

const DAY = 86_400_000;

/** A working week of a busy coach: three ranges each weekday, a Saturday morning. */
const weekly: WeeklyRange[] = [
  ...[1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, start: '07:00', end: '12:00' },
    { weekday, start: '13:00', end: '18:00' },
    { weekday, start: '19:00', end: '21:00' },
  ]),
  { weekday: 6, start: '09:00', end: '13:00' },
];

/** The bench coach's availability, booked up to `horizonDays` ahead from 2 hours on. */
const benchAvailability = (horizonDays: number): Availability => ({
  weekly,
  days: [],
  settings: {
    buffer_before_minutes: 0,
    buffer_after_minutes: 10,
    min_notice_minutes: 120,
    horizon_days: horizonDays,
    max_per_day: null,
  },
});

export interface BookingOwner {
  tenantId: number;
  /** coaches.id */
  coachId: number;
}

/** Replaces the coach's hours and settings with the bench's, bookable `horizonDays` ahead. */
export async function setBenchHours(db: Kysely<Database>, owner: BookingOwner, horizonDays: number) {
  await replaceAvailability(db, owner.tenantId, owner.coachId, benchAvailability(horizonDays));
}

/** The id of the coach's first active type open to all their clients (the seed gives each demo coach two). */
export async function openType(db: Kysely<Database>, coachId: number): Promise<number> {
  const open = (await listMeetingTypes(db, coachId)).find((t) => t.active && t.audience === 'clients');
  if (!open)
    throw new Error('The demo coach has no meeting type open to all their clients: was the seed changed?');
  return open.id;
}

/**
 * Adds meetings of the coach with `clientIds` (in turn) inside the coach's hours, none overlapping another or
 * a meeting already there, until [from, from + days) holds `count` of the coach's meetings. Spread over the
 * window: each goes on a free hour drawn at random (seeded, so two runs book the same calendar).
 */
export async function fillMeetings(
  db: Kysely<Database>,
  owner: BookingOwner & { zone: string; clientIds: number[] },
  window: { from: Date; days: number; count: number },
): Promise<number> {
  const { tenantId, coachId, zone } = owner;
  const from = window.from;
  const to = new Date(from.getTime() + window.days * DAY);
  const existing = await busyTimes(db, tenantId, coachId, { from, to });
  const meetings = existing.filter((b) => b.meeting);
  const availability = await readAvailability(db, coachId);
  let seed = 36;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const added: { starts_at: Date; duration_minutes: number }[] = [];
  const busy = [...existing];
  for (let n = meetings.length; n < window.count; n++) {
    const duration = [30, 45, 60][n % 3]!;
    const free = freeSlots({
      zone,
      weekly: availability.weekly,
      days: availability.days,
      settings: { ...availability.settings, min_notice_minutes: 0, horizon_days: window.days + 1 },
      duration,
      busy,
      now: from,
      from,
      to,
    });
    const slot = free[Math.floor(random() * free.length)];
    if (!slot) throw new Error(`Only ${n} meetings fit the coach's hours in ${window.days} days.`);
    busy.push({ ...slot, meeting: true });
    added.push({ starts_at: slot.start, duration_minutes: duration });
  }
  if (added.length > 0)
    await db
      .insertInto('meetings')
      .values(
        added.map((m, i) => ({
          tenant_id: tenantId,
          client_id: owner.clientIds[i % owner.clientIds.length]!,
          coach_id: coachId,
          title: 'Coaching session',
          ...m,
          time_zone: zone,
        })),
      )
      .execute();
  return meetings.length + added.length;
}
