import { dayjs } from '@/lib/dates';
import { displayZone, formatWithZone } from '@/lib/zoned-dates';

/** A list's short date in the user's zone: the time for today's mail, else the day. */
export function shortDate(value: string, preferredZone: string | null): string {
  const zone = displayZone(preferredZone);
  const date = dayjs(value).tz(zone);
  return date.isSame(dayjs().tz(zone), 'day') ? date.format('h:mm a') : date.format('MMM D, YYYY');
}

/** A message's full date (SPEC §9's format with the zone named). */
export const longDate = (value: string, preferredZone: string | null): string =>
  formatWithZone(value, displayZone(preferredZone));
