// Days as a person lives them: the start of a calendar day in their time zone, and that day's date, so "today"
// and "overdue" follow the coach's clock rather than the server's.

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
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
