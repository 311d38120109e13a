/**
 * The weekly editor's draft: what the coach types, as text, row by row (each row keyed so React keeps its
 * inputs and the focus), and its way to and from the API's whole `availability`. The API names a problem by
 * the body's path (`weekly.3.end`, `settings.horizon_days`); the draft remembers which row each sent item came
 * from, so the sentence lands beside the row it is about however the rows were ordered on screen.
 */
import type { Availability, AvailabilityPage, DayException } from '../api/get-availability';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface RangeRow {
  key: string;
  start: string;
  end: string;
}
export interface DayRow extends RangeRow {
  date: string;
  kind: DayException['kind'];
}
export interface SettingsDraft {
  buffer_before_minutes: string;
  buffer_after_minutes: string;
  /** Hours in the form; the API counts minutes. */
  min_notice_minutes: string;
  horizon_days: string;
  /** Empty for no cap. */
  max_per_day: string;
}
export interface Draft {
  /** Index 0 is Monday (ISO weekday 1). */
  weekly: RangeRow[][];
  days: DayRow[];
  settings: SettingsDraft;
}
export type SettingName = keyof SettingsDraft;
const SETTING_NAMES: readonly SettingName[] = [
  'buffer_before_minutes',
  'buffer_after_minutes',
  'min_notice_minutes',
  'horizon_days',
  'max_per_day',
];

let lastKey = 0;
/** A row's key, unique in the page's life: a removed row's key is never reused for another. */
export const newKey = (prefix: string) => `${prefix}${++lastKey}`;

export const newRange = (start = '', end = ''): RangeRow => ({ key: newKey('r'), start, end });

export function toDraft(page: AvailabilityPage): Draft {
  const weekly = WEEKDAYS.map((_, i) =>
    page.weekly.filter((r) => r.weekday === i + 1).map((r) => newRange(r.start, r.end)),
  );
  const days = page.days.map((d) => ({
    key: newKey('d'),
    date: d.date,
    kind: d.kind,
    start: d.start ?? '',
    end: d.end ?? '',
  }));
  const s = page.settings;
  return {
    weekly,
    days,
    settings: {
      buffer_before_minutes: String(s.buffer_before_minutes),
      buffer_after_minutes: String(s.buffer_after_minutes),
      min_notice_minutes: String(Math.round((s.min_notice_minutes / 60) * 100) / 100),
      horizon_days: String(s.horizon_days),
      max_per_day: s.max_per_day === null ? '' : String(s.max_per_day),
    },
  };
}

/** Every weekday Tuesday to Friday gets a copy of Monday's ranges (new rows: editing one leaves the others). */
export const copyMondayToWeekdays = (weekly: RangeRow[][]): RangeRow[][] =>
  weekly.map((ranges, i) =>
    i >= 1 && i <= 4 ? (weekly[0] ?? []).map((r) => newRange(r.start, r.end)) : ranges,
  );

/** '9:00', '0900' and '9' read as '09:00'; what is not a time of day comes back as typed, for the API to refuse. */
export function normalTime(typed: string): string {
  const match = /^\s*(\d{1,2})(?::?(\d{2}))?\s*$/.exec(typed);
  if (!match) return typed.trim();
  const [, hours = '', minutes = '00'] = match;
  return `${hours.padStart(2, '0')}:${minutes}`;
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const TIME_PROBLEM = 'Give a time as HH:mm, for example 09:30.';

/** The problem of a range's start and end, by field; {} when both are times and the end comes after. */
function rangeProblems(start: string, end: string): Partial<Record<'start' | 'end', string>> {
  if (!TIME.test(start)) return { start: TIME_PROBLEM };
  if (!TIME.test(end)) return { end: TIME_PROBLEM };
  return end > start ? {} : { end: 'End after the start.' };
}

const wholeNumber = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** What the editor sends, the fields it shows (as the API names them) and where each one's sentence goes. */
interface Built {
  availability: Availability;
  /** API field name -> the draft's name for it (a row key and a part, or a setting). */
  where: Record<string, string>;
  /** The editor's own findings, by the draft's names, before anything is sent. */
  problems: Record<string, string>;
}

export function buildAvailability(draft: Draft): Built {
  const where: Record<string, string> = { weekly: 'weekly', days: 'days' };
  const problems: Record<string, string> = {};
  const weekly: Availability['weekly'] = [];
  draft.weekly.forEach((ranges, i) => {
    for (const row of ranges) {
      const start = normalTime(row.start);
      const end = normalTime(row.end);
      const at = `weekly.${weekly.length}`;
      // A weekday is the row's, not a field the coach types.
      where[at] = where[`${at}.weekday`] = row.key;
      for (const part of ['start', 'end']) where[`${at}.${part}`] = `${row.key}.${part}`;
      for (const [part, problem] of Object.entries(rangeProblems(start, end)))
        problems[`${row.key}.${part}`] = problem;
      weekly.push({ weekday: i + 1, start, end });
    }
  });
  const days: Availability['days'] = draft.days.map((row, i) => {
    const at = `days.${i}`;
    where[at] = row.key;
    for (const part of ['date', 'kind', 'start', 'end']) where[`${at}.${part}`] = `${row.key}.${part}`;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.date)) problems[`${row.key}.date`] = 'Choose the date.';
    if (row.kind === 'off') return { date: row.date, kind: 'off' };
    const start = normalTime(row.start);
    const end = normalTime(row.end);
    for (const [part, problem] of Object.entries(rangeProblems(start, end)))
      problems[`${row.key}.${part}`] = problem;
    return { date: row.date, kind: 'extra', start, end };
  });
  const s = draft.settings;
  for (const name of SETTING_NAMES) where[`settings.${name}`] = name;
  const number = (name: SettingName): number => {
    const value = wholeNumber(s[name]);
    if (value === null) problems[name] = 'Enter a whole number.';
    return value ?? 0;
  };
  const noticeHours = Number(s.min_notice_minutes.trim());
  if (s.min_notice_minutes.trim() === '' || !Number.isFinite(noticeHours) || noticeHours < 0)
    problems.min_notice_minutes = 'Enter a number of hours, for example 12.';
  const cap = s.max_per_day.trim() === '' ? null : number('max_per_day');
  return {
    availability: {
      weekly,
      days,
      settings: {
        buffer_before_minutes: number('buffer_before_minutes'),
        buffer_after_minutes: number('buffer_after_minutes'),
        min_notice_minutes: Math.round((Number.isFinite(noticeHours) ? noticeHours : 0) * 60),
        horizon_days: number('horizon_days'),
        max_per_day: cap,
      },
    },
    where,
    problems,
  };
}

/** The API's sentences (by its field names) under the draft's names; what names no field of the draft is left. */
export function placeErrors(apiErrors: Record<string, string | undefined>, where: Record<string, string>) {
  const placed: Record<string, string> = {};
  for (const [field, sentence] of Object.entries(apiErrors)) {
    const name = where[field];
    if (name && sentence) placed[name] = placed[name] ? `${placed[name]} ${sentence}` : sentence;
  }
  return placed;
}
