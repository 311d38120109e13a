// The free slots of one coach for one meeting type over a window of the reader's days: the coach's hours,
// settings and busy times read, the lead's engine (slots.ts) run, the answer grouped by the reader's calendar
// day. A move leaves the meeting being moved out of the busy times.
import type { Kysely } from 'kysely';
import type { SlotsPage } from '../../../../contracts/rest/booking.js';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { dateStart, dayStart } from '../coach/zoned-day.js';
import { readAvailability } from './availability-repository.js';
import type { BookingCoach } from './booking-coach.js';
import { busyTimes } from './booking-repository.js';
import type { MeetingTypeRow } from './meeting-types-repository.js';
import { datesInOrder, freeSlots, type Slot, type SlotQuery } from './slots.js';

const DAY = 86_400_000;
/** How many days a slots page covers when the query does not say. */
const DEFAULT_DAYS = 14;

/** The coach's free slots for `type` starting in [from, to). */
export async function slotsBetween(
  db: Kysely<Database>,
  coach: BookingCoach,
  type: Pick<MeetingTypeRow, 'duration_minutes'>,
  range: { from: Date; to: Date; now: Date; except?: number | undefined },
): Promise<Slot[]> {
  const availability = await readAvailability(db, coach.id);
  // A day either side: a meeting or a buffer (at most 8 h, 4 h) reaching into the window still blocks it.
  const from = new Date(range.from.getTime() - DAY);
  const to = new Date(range.to.getTime() + DAY);
  // Meetings, sessions and the coach's outside calendars (busy, but no meeting of theirs toward the daily cap).
  const busy = await busyTimes(db, coach.tenant_id, coach.id, { from, to, except: range.except });
  const query: SlotQuery = {
    zone: coach.zone,
    weekly: availability.weekly,
    days: availability.days,
    settings: availability.settings,
    duration: type.duration_minutes,
    busy,
    now: range.now,
    from: range.from,
    to: range.to,
  };
  return freeSlots(query);
}

/** A slots page: `from` (a date in the reader's zone; today by default) and `days` on, by the reader's days. */
export async function slotsPage(
  db: Kysely<Database>,
  coach: BookingCoach,
  type: Pick<MeetingTypeRow, 'duration_minutes'>,
  query: { from?: string | undefined; days?: number | undefined; zone: string; now: Date },
): Promise<SlotsPage> {
  const { zone, now } = query;
  if (query.from && Number.isNaN(Date.parse(`${query.from}T12:00:00Z`)))
    throw new FieldError({ from: ['Give a date that exists.'] });
  const from = query.from ? dateStart(query.from, zone) : dayStart(now, zone);
  const to = query.from
    ? dateStart(query.from, zone, query.days ?? DEFAULT_DAYS)
    : dayStart(now, zone, query.days ?? DEFAULT_DAYS);
  const days = new Map<string, { start: string; end: string }[]>();
  const dateOf = datesInOrder(zone);
  for (const slot of await slotsBetween(db, coach, type, { from, to, now })) {
    const date = dateOf(slot.start);
    if (!days.has(date)) days.set(date, []);
    days.get(date)!.push({ start: slot.start.toISOString(), end: slot.end.toISOString() });
  }
  return {
    time_zone: zone,
    coach_time_zone: coach.zone,
    days: [...days].map(([date, slots]) => ({ date, slots })),
  };
}
