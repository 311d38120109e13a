/**
 * Dates with dayjs, in the display format of SPEC §9. Import this only from lazy pages: dayjs stays out of the
 * login route's JavaScript.
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat); // 'Do' (1st, 2nd, ...) needs it.

export const DATE_DISPLAY_FORMAT = 'h:mm a, dddd, MMMM Do, YYYY';

export function formatDateTime(value: string | number | Date): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_DISPLAY_FORMAT) : '';
}

export { dayjs };
