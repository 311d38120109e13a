// When the demo data may put a meeting: on a working day (Monday to Friday, not one of a small fixed list of
// holidays) at a wall-clock time of the client's time zone. The seed runs on any date, so every date is found
// from the seed time by these rules rather than written by hand, and a group's meetings come from the same rule
// its "meets on" text is written from.

/** Month-day of the days off every demo business takes (New Year, Christmas Eve to Boxing Day, New Year's Eve). */
export const HOLIDAYS = ['01-01', '12-24', '12-25', '12-26', '12-31'];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A calendar day, no time and no zone. */
interface LocalDay {
  year: number;
  month: number;
  day: number;
}

const day = 24 * 60 * 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

export const isoDay = (d: LocalDay): string => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

const toUtc = (d: LocalDay) => Date.UTC(d.year, d.month - 1, d.day);
const fromUtc = (ms: number): LocalDay => {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

export const addDays = (d: LocalDay, days: number): LocalDay => fromUtc(toUtc(d) + days * day);
export const weekday = (d: LocalDay): number => new Date(toUtc(d)).getUTCDay();

export const isWorkingDay = (d: LocalDay): boolean =>
  weekday(d) !== 0 && weekday(d) !== 6 && !HOLIDAYS.includes(isoDay(d).slice(5));

/** The wall clock of `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** The day `at` falls on in `timeZone`. */
export function localDay(at: Date, timeZone: string): LocalDay {
  const { year, month, day: d } = wallClock(at, timeZone);
  return { year, month, day: d };
}

/** The instant a wall-clock time of a day has in `timeZone` (working hours never fall in a DST gap). */
export function zonedTime(d: LocalDay, hour: number, minute: number, timeZone: string): Date {
  const wanted = Date.UTC(d.year, d.month - 1, d.day, hour, minute);
  let guess = wanted;
  // Twice: the zone's offset at the first guess may differ from the one at the answer across a DST change.
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(new Date(guess), timeZone);
    guess += wanted - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
  }
  return new Date(guess);
}

/**
 * The working day `days` calendar days from the seed's day in `timeZone`; a weekend or holiday moves on away
 * from the seed time, so a day in the past stays in the past and one in the future stays there.
 */
export function workingDay(at: Date, days: number, timeZone: string): LocalDay {
  let d = addDays(localDay(at, timeZone), days);
  const step = days < 0 ? -1 : 1;
  while (!isWorkingDay(d)) d = addDays(d, step);
  return d;
}

/** How a group meets: weekly (every `everyWeeks` weeks) or on the first given weekday of each month. */
export interface MeetingRule {
  weekday: number;
  hour: number;
  minute: number;
  every: 'week' | 'fortnight' | 'first-of-month';
}

function formatTime(hour: number, minute: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The rule as a group's meets_on text: "Tuesdays, 4:00 pm", "Every other Tuesday, 4:00 pm", ... */
export function describeRule(rule: MeetingRule): string {
  const name = WEEKDAYS[rule.weekday]!;
  const time = formatTime(rule.hour, rule.minute);
  if (rule.every === 'week') return `${name}s, ${time}`;
  if (rule.every === 'fortnight') return `Every other ${name}, ${time}`;
  return `First ${name} of the month, ${time}`;
}

/** The first `count` meeting days of the rule on or after `from`; a meeting that falls on a holiday is skipped. */
export function ruleDays(rule: MeetingRule, from: LocalDay, count: number): LocalDay[] {
  const days: LocalDay[] = [];
  let d = from;
  while (weekday(d) !== rule.weekday) d = addDays(d, 1);
  if (rule.every === 'first-of-month' && d.day > 7) d = firstInMonth(rule.weekday, addDays(d, 7));
  while (days.length < count) {
    if (isWorkingDay(d)) days.push(d);
    d =
      rule.every === 'first-of-month'
        ? firstInMonth(rule.weekday, addDays(d, 28))
        : addDays(d, rule.every === 'week' ? 7 : 14);
  }
  return days;
}

/** The first `weekday` of the month `near` falls in, or of the next month if that one has passed `near`. */
function firstInMonth(wanted: number, near: LocalDay): LocalDay {
  let d: LocalDay = { ...near, day: 1 };
  while (weekday(d) !== wanted) d = addDays(d, 1);
  if (toUtc(d) < toUtc(near)) {
    d = addDays({ ...near, day: 1 }, 32);
    d = { ...d, day: 1 };
    while (weekday(d) !== wanted) d = addDays(d, 1);
  }
  return d;
}
