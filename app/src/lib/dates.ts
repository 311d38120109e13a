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

dayjs.extend(advancedFormat); // 'Do' (1st, 2nd, ...) needs it.
dayjs.extend(utc);
dayjs.extend(timezone);

const DATE_DISPLAY_FORMAT = 'h:mm a, dddd, MMMM Do, YYYY';

type DateInput = string | number | Date;

/** The zone to show times in: the user's, when the browser knows it, else the browser's own. */
export function displayZone(preferred: string | null | undefined): string {
  if (preferred) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: preferred });
      return preferred;
    } catch {
      // An unknown zone name falls through to the browser's zone.
    }
  }
  return dayjs.tz.guess() || 'UTC';
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
  return (zone ? date.tz(zone) : date).format(DATE_DISPLAY_FORMAT);
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

/** The month it is in `zone` at `now`, as 'YYYY-MM'. */
export const currentMonth = (zone: string, now: DateInput = Date.now()): string =>
  dayjs(now).tz(zone).format('YYYY-MM');

/** A list's short date in `zone`: the time for today's, else the day ('Nov 3, 2026'). */
export function formatShortDate(value: DateInput, zone: string, now: DateInput = Date.now()): string {
  const date = dayjs(value).tz(zone);
  if (!date.isValid()) return '';
  return date.isSame(dayjs(now).tz(zone), 'day') ? date.format('h:mm a') : date.format('MMM D, YYYY');
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
  return date.isValid() ? date.tz(zone).format('YYYY-MM-DDTHH:mm') : '';
}
