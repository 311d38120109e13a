/**
 * A zone's wall clock for lib/dates, read from one Intl formatter per zone, kept: building one is what costs (on
 * a slow phone a few milliseconds each, and the first one with a time zone about 85 ms: the browser loads its
 * zone data), and dayjs's tz() builds one for every date it converts, so a page of meetings spent a long task
 * on its dates. The entry builds the signed-in user's before the app's first render, while it waits for the
 * theme and the page's chunks (warmZone), so the first page with times only reads it. No dayjs here: the entry
 * imports this module. The key '' is the browser's own zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws a RangeError for a zone name the browser does not know. */
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      ...(zone ? { timeZone: zone } : {}),
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An instant's wall-clock fields in a zone ('' for the browser's), read from the zone's one formatter. */
export function wallClock(date: Date, zone: string) {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatterFor(zone).formatToParts(date)) parts[type] = value;
  // The formatter's options ask for every one of these, so '' is never met.
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts[type] ?? '';
  const hour12 = Number(part('hour'));
  const pm = part('dayPeriod').toLowerCase() === 'pm';
  return {
    year: Number(part('year')),
    month: MONTHS.indexOf(part('month')) + 1,
    monthName: part('month'),
    day: Number(part('day')),
    weekday: part('weekday'),
    hour12,
    hour24: (hour12 % 12) + (pm ? 12 : 0),
    minute: part('minute'),
    period: pm ? 'pm' : 'am',
  };
}

/** The zone to show times in: the user's, when the browser knows it, else the browser's own. */
export function displayZone(preferred: string | null | undefined): string {
  if (preferred) {
    try {
      formatterFor(preferred);
      return preferred;
    } catch {
      // An unknown zone name falls through to the browser's zone.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Builds the formatter of the zone `preferred` shows times in (displayZone) in a task of its own, when the
 * browser is idle (at the latest after a few frames: the boot waits for it), and resolves once it is made.
 */
export function warmZone(preferred: string | null | undefined): Promise<void> {
  return new Promise((resolve) => {
    const warm = () => {
      formatterFor(displayZone(preferred));
      resolve();
    };
    // Safari has no idle callback.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 50 });
    else setTimeout(warm, 0);
  });
}
