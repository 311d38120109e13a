import { FieldError } from '../../errors.js';

// Days as a person lives them: the start of a calendar day in their time zone, and that day's date, so "today"
// and "overdue" follow the coach's clock rather than the server's.

// One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with one, and slots
// convert hundreds of wall-clock times a request.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
export function offsetMs(at: Date, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instants (ms) at which the zone's clock shows `wall` (a wall-clock time written as UTC ms), earliest
 * first: none in the hour skipped when clocks go forward, two in the hour repeated when they go back.
 */
export function wallInstants(wall: number, timeZone: string): number[] {
  // The zone's offsets a day either side: one of them is the offset in force at that wall time (no zone changes
  // its clocks twice in two days).
  const found = [-86_400_000, 0, 86_400_000]
    .map((d) => wall - offsetMs(new Date(wall + d), timeZone))
    .filter((t) => t + offsetMs(new Date(t), timeZone) === wall);
  return [...new Set(found)].sort((a, b) => a - b);
}

/** The calendar date (YYYY-MM-DD) of `at` in the zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetMs(at, timeZone)).toISOString().slice(0, 10);
}

/** The instant the day `days` after `at`'s day (in the zone) begins there. */
export function dayStart(at: Date, timeZone: string, days = 0): Date {
  const [y, m, d] = localDate(at, timeZone).split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d + days);
  // The offset at midnight itself (it may differ from now's across a change of summer time).
  const guess = midnight - offsetMs(new Date(midnight), timeZone);
  return new Date(midnight - offsetMs(new Date(guess), timeZone));
}

/**
 * The instant a calendar date (YYYY-MM-DD) begins in the zone, or the day `days` after it. Found from the date's
 * local noon (12:00 UTC less the zone's offset): noon UTC itself is another date in zones over 12 hours from UTC
 * (Pacific/Kiritimati is UTC+14), and a day's start taken from it was a day off there.
 */
export function dateStart(date: string, timeZone: string, days = 0): Date {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return dayStart(new Date(noon - offsetMs(new Date(noon), timeZone)), timeZone, days);
}

/** The wall-clock date and time (YYYY-MM-DDTHH:mm) of `at` in the zone. */
export function localDateTime(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetMs(at, timeZone)).toISOString().slice(0, 16);
}

/**
 * The instant a wall-clock time (YYYY-MM-DDTHH:mm) names in the zone, with the offset of that day rather than
 * today's (09:00 the day after summer time starts is still 09:00 there); null for a time the zone skips when
 * its clocks go forward. A time that happens twice (clocks going back) is its first occurrence.
 */
export function zonedInstant(local: string, timeZone: string): Date | null {
  const wall = Date.parse(`${local}:00Z`);
  if (Number.isNaN(wall)) return null;
  const [first] = wallInstants(wall, timeZone);
  return first === undefined ? null : new Date(first);
}

/**
 * A start the coach typed (YYYY-MM-DDTHH:mm on their wall clock) as an instant; a date that does not exist or a
 * time the zone skips (clocks going forward) is a 422 on `start`.
 */
export function wallClockStart(start: string, zone: string): Date {
  const wall = Date.parse(`${start}:00Z`);
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 16) !== start)
    throw new FieldError({ start: ['Give a date and time that exist.'] });
  const instant = zonedInstant(start, zone);
  if (!instant)
    throw new FieldError({
      start: [`This time does not exist in ${zone}: the clocks go forward then. Choose another time.`],
    });
  return instant;
}
