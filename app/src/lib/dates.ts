/**
 * Every date the portal shows, formatted here and nowhere else: a time in SPEC §9's display format
 * ('h:mm a, dddd, MMMM Do, YYYY') in the user's own time zone (SPEC §3 time_zone), a calendar date in words
 * ('November 11th, 2026'), never the API's ISO text. A page that shows times names the zone once
 * (components/zone-note.tsx), not on every line. Import this only from lazy pages: dayjs and its plugins stay
 * out of the login route's JavaScript.
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { wallClock } from './zone-clock';

dayjs.extend(advancedFormat); // 'Do' (1st, 2nd, ...) needs it.
dayjs.extend(utc);
dayjs.extend(timezone);

// A zone's formatter lives in ./zone-clock, which the entry warms for a signed-in user before its first render.
export { displayZone } from './zone-clock';

type DateInput = string | number | Date;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st (dayjs's 'Do'). */
function ordinal(n: number): string {
  const suffixes = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${suffixes[(v - 20) % 10] ?? suffixes[v] ?? suffixes[0]}`;
}

/** 'America/Los_Angeles' -> 'America/Los Angeles'. */
export const zoneName = (zone: string): string => zone.replaceAll('_', ' ');

/**
 * SPEC §9's format, e.g. '4:00 pm, Monday, November 23rd, 2026': in `zone` when given, else in the browser's
 * zone (for moments of this browser's own, like when a page was last loaded); '' for an invalid date.
 */
export function formatDateTime(value: DateInput, zone?: string): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const t = wallClock(date.toDate(), zone ?? '');
  return `${t.hour12}:${t.minute} ${t.period}, ${t.weekday}, ${t.monthName} ${ordinal(t.day)}, ${t.year}`;
}

/** The time of day alone, '9:30 am', in `zone`: for a list under its day's heading. */
export function formatTime(value: DateInput, zone: string): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const t = wallClock(date.toDate(), zone);
  return `${t.hour12}:${t.minute} ${t.period}`;
}

/** A calendar date ('YYYY-MM-DD', no zone) as SPEC §9's date part: 'Friday, November 20th, 2026'. */
export function formatDay(value: string): string {
  const date = dayjs(value.slice(0, 10));
  return date.isValid() ? date.format('dddd, MMMM Do, YYYY') : value;
}

/** A calendar date in fewer words, for spans and facts: 'November 11th, 2026'. */
export function formatDate(value: string): string {
  const date = dayjs(value.slice(0, 10));
  return date.isValid() ? date.format('MMMM Do, YYYY') : value;
}

/** A calendar month ('YYYY-MM', no zone) in words: 'November 2026'. */
export function formatMonth(period: string): string {
  const date = dayjs(`${period}-01`);
  return date.isValid() ? date.format('MMMM YYYY') : period;
}

/** The calendar day it is in `zone` at `now`, as 'YYYY-MM-DD'. */
export function currentDay(zone: string, now: DateInput = Date.now()): string {
  const t = wallClock(dayjs(now).toDate(), zone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/** The month it is in `zone` at `now`, as 'YYYY-MM'. */
export const currentMonth = (zone: string, now: DateInput = Date.now()): string =>
  currentDay(zone, now).slice(0, 7);

/** A list's short date in `zone`: the time for today's, else the day ('Nov 3, 2026'). */
export function formatShortDate(value: DateInput, zone: string, now: DateInput = Date.now()): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const t = wallClock(date.toDate(), zone);
  const today = wallClock(dayjs(now).toDate(), zone);
  const sameDay = t.year === today.year && t.month === today.month && t.day === today.day;
  return sameDay ? formatTime(date.toDate(), zone) : formatCalendarDate(date.toDate(), zone);
}

/**
 * The day a moment falls on in `zone`, always as a date ('Nov 29, 2026'): for what is dated rather than timed
 * (an invoice, a payment, the end of a period), where "4:00 am" for today would read as a time of day.
 */
export function formatCalendarDate(value: DateInput, zone: string): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const t = wallClock(date.toDate(), zone);
  return `${t.monthName.slice(0, 3)} ${t.day}, ${t.year}`;
}

/**
 * How long ago a moment was, in a person's words: 'just now', '10 minutes ago', '3 hours ago', 'yesterday',
 * '5 days ago', then the date ('on November 3rd, 2026') in `zone`.
 */
export function formatAgo(value: DateInput, zone: string, now: DateInput = Date.now()): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const minutes = Math.max(0, Math.floor(dayjs(now).diff(date) / 60_000));
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return count(minutes, 'minute');
  if (minutes < 24 * 60) return count(Math.floor(minutes / 60), 'hour');
  const days = Math.floor(minutes / (24 * 60));
  if (days === 1) return 'yesterday';
  if (days < 7) return count(days, 'day');
  const t = wallClock(date.toDate(), zone);
  return `on ${t.monthName} ${ordinal(t.day)}, ${t.year}`;
}

/** An <input type="datetime-local"> value ('YYYY-MM-DDTHH:mm') read as wall-clock time in `zone`, as ISO. */
export function fromLocalInput(value: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = dayjs.tz(value, zone);
  return date.isValid() ? date.toISOString() : null;
}

/** The reverse: an instant as a datetime-local value in `zone`. */
export function toLocalInput(value: string | null | undefined, zone: string): string {
  if (!value) return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const t = wallClock(date.toDate(), zone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour24)}:${t.minute}`;
}
