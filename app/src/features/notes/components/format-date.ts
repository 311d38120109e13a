import { dayjs } from '../../../lib/dates';

/** '2026-11-20' -> 'Friday, November 20th, 2026' (the date part of SPEC §9's display format). */
export function formatDate(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('dddd, MMMM Do, YYYY') : value;
}
