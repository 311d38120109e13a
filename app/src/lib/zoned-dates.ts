/**
 * Dates in the user's own time zone (SPEC §3 time_zone) in SPEC §9's display format, with the zone named so
 * nobody has to guess whose 4 pm it is. Adds dayjs' utc and timezone plugins on top of ./dates; import it only
 * from lazy pages so neither plugin reaches the login route.
 */
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { DATE_DISPLAY_FORMAT, dayjs } from './dates';

dayjs.extend(utc);
dayjs.extend(timezone);

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

/** SPEC §9's format in `zone`, e.g. '4:00 pm, Monday, November 23rd, 2026'; '' for an invalid date. */
export function formatInZone(value: string | number | Date, zone: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.tz(zone).format(DATE_DISPLAY_FORMAT) : '';
}

/** The same, followed by the zone's name: '4:00 pm, Monday, November 23rd, 2026 (America/Los Angeles)'. */
export const formatWithZone = (value: string | number | Date, zone: string): string => {
  const text = formatInZone(value, zone);
  return text && `${text} (${zoneName(zone)})`;
};

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

/** A calendar date ('YYYY-MM-DD') as the date part of SPEC §9's format: 'Friday, November 20th, 2026'. */
export function formatDay(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('dddd, MMMM Do, YYYY') : value;
}
