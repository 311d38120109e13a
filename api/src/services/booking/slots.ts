// The free slots of a coach: wall-clock hours in the coach's zone turned into instants day by day, so a
// 09:00–17:00 day is 09:00–17:00 there on both sides of a clock change. Pure: the caller reads the hours, the
// settings and everything busy, and passes the clock.
//
// Candidates are wall-clock times on a grid from each range's start. A time the clocks skip (spring forward)
// does not exist there and is never offered; a time the clocks repeat (fall back) is offered once, at its first
// occurrence. A slot lasts its real minutes and must end by the range's end. Buffers keep the coach's time
// clear before and after each slot; busy times (meetings, group sessions, external calendars) take slots away,
// and the day's meetings count towards its cap.
import type { BookingSettings, DayException, WeeklyRange } from '../../../../contracts/rest/booking.js';
import { dateStart, dayStart, localDate, offsetMs, zonedInstant } from '../coach/zoned-day.js';

export interface Busy {
  start: Date;
  end: Date;
  /** A portal meeting of the coach: counts towards settings.max_per_day. */
  meeting: boolean;
}

export interface Slot {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  /** The coach's IANA zone: the hours are wall clock there. */
  zone: string;
  weekly: readonly WeeklyRange[];
  days: readonly DayException[];
  settings: BookingSettings;
  /** The meeting's length in minutes. */
  duration: number;
  busy: readonly Busy[];
  now: Date;
  /** Only slots starting in [from, to). */
  from: Date;
  to: Date;
  /** Minutes between candidate starts; by default 30, or 15 for meetings shorter than 30 minutes. */
  step?: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Minutes after midnight of an HH:mm (24:00 is 1440). */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD. */
function weekday(date: string): number {
  return ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
}

/** Spans sorted by start, those that overlap or touch joined into one. */
function merged(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** A day's bookable ranges in minutes after its midnight, merged and sorted: none on a day off. */
function rangesOf(date: string, weekly: readonly WeeklyRange[], days: readonly DayException[]) {
  const exceptions = days.filter((d) => d.date === date);
  if (exceptions.some((d) => d.kind === 'off')) return [];
  const day = weekday(date);
  const ranges = [
    ...weekly.filter((r) => r.weekday === day),
    ...exceptions.filter((d) => d.start !== undefined && d.end !== undefined),
  ]
    .map((r) => [minutesOf(r.start!), minutesOf(r.end!)] as [number, number])
    .filter(([a, b]) => a < b);
  return merged(ranges);
}

/**
 * Wall-clock minutes of one date as instants. Most days have one offset all day, and a wall time is then the
 * date's UTC midnight plus the minutes less that offset; a day with a clock change asks zonedInstant for each.
 */
function makeDayClock(date: string, zone: string) {
  const first = dateStart(date, zone);
  const next = dateStart(date, zone, 1);
  const offset = offsetMs(first, zone);
  const steady = offset === offsetMs(new Date(next.getTime() - 1), zone);
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return {
    /** The day's first instant there, and the next day's. */
    first,
    next,
    /** The instant of `minutes` after midnight on the wall clock; null for a time the clocks skip. */
    at(minutes: number): Date | null {
      if (minutes >= 1440) return next;
      if (steady) return new Date(midnight + minutes * MINUTE - offset);
      const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
      const mm = String(minutes % 60).padStart(2, '0');
      return zonedInstant(`${date}T${hh}:${mm}`, zone);
    },
    /** A range's end: a skipped end time is where the clocks land (the first instant after it that exists). */
    end(minutes: number): Date {
      for (let m = minutes; m < 1440; m += 1) {
        const at = this.at(m);
        if (at) return at;
      }
      return next;
    },
  };
}

type DayClock = ReturnType<typeof makeDayClock>;

/**
 * Days' clocks by zone and date. Each costs several Intl calls (formatToParts), and every request for a coach's
 * slots asks for the same coming weeks again: kept, they were most of a request's CPU. A day's clock never
 * changes (the zone rules are the runtime's), so the map is only ever cleared to bound its size.
 */
const clocks = new Map<string, DayClock>();
const MAX_CLOCKS = 20_000;

function dayClock(date: string, zone: string): DayClock {
  const key = `${zone} ${date}`;
  let clock = clocks.get(key);
  if (!clock) {
    if (clocks.size >= MAX_CLOCKS) clocks.clear();
    clock = makeDayClock(date, zone);
    clocks.set(key, clock);
  }
  return clock;
}

/**
 * The zone's calendar date of instants, asked soonest first: the formatter once per day, not once per instant
 * (a later instant of the same day is answered from that day's bounds).
 */
export function datesInOrder(zone: string): (at: Date) => string {
  let date = '';
  let first = Infinity;
  let next = -Infinity;
  return (at) => {
    const t = at.getTime();
    if (t < first || t >= next) {
      date = localDate(at, zone);
      const clock = dayClock(date, zone);
      first = clock.first.getTime();
      next = clock.next.getTime();
    }
    return date;
  };
}

/** Busy times widened by the buffers (a slot may not come within them), merged and sorted. */
function blocked(busy: readonly Busy[], before: number, after: number): [number, number][] {
  return merged(
    busy.map(
      (b) => [b.start.getTime() - after * MINUTE, b.end.getTime() + before * MINUTE] as [number, number],
    ),
  );
}

/** The coach's free slots starting in [from, to), soonest first. */
export function freeSlots(q: SlotQuery): Slot[] {
  const { zone, settings, duration } = q;
  const step = q.step ?? (duration < 30 ? 15 : 30);
  const earliest = Math.max(q.from.getTime(), q.now.getTime() + settings.min_notice_minutes * MINUTE);
  const latest = Math.min(q.to.getTime(), dayStart(q.now, zone, settings.horizon_days + 1).getTime());
  if (earliest >= latest) return [];

  const spans = blocked(q.busy, settings.buffer_before_minutes, settings.buffer_after_minutes);
  const perDay = new Map<string, number>();
  if (settings.max_per_day !== null) {
    const dateOf = datesInOrder(zone);
    const meetings = q.busy.filter((b) => b.meeting).sort((x, y) => x.start.getTime() - y.start.getTime());
    for (const b of meetings) {
      const date = dateOf(b.start);
      perDay.set(date, (perDay.get(date) ?? 0) + 1);
    }
  }

  const slots: Slot[] = [];
  let span = 0;
  const last = localDate(new Date(latest - 1), zone);
  for (let date = localDate(new Date(earliest), zone); date <= last; date = nextDate(date)) {
    if (settings.max_per_day !== null && (perDay.get(date) ?? 0) >= settings.max_per_day) continue;
    const clock = dayClock(date, zone);
    for (const [a, b] of rangesOf(date, q.weekly, q.days)) {
      const rangeEnd = clock.end(b).getTime();
      for (let m = a; m < b; m += step) {
        const start = clock.at(m)?.getTime();
        if (start === undefined) continue;
        const end = start + duration * MINUTE;
        if (end > rangeEnd) break;
        if (start < earliest || start >= latest) continue;
        // A repeated wall time maps to its first occurrence, which an earlier candidate may already hold.
        if (slots.length > 0 && start <= slots.at(-1)!.start.getTime()) continue;
        while (span < spans.length && spans[span]![1] <= start) span += 1;
        // Spans are sorted by start and merged, so only those from `span` on can reach this slot.
        let free = true;
        for (let i = span; i < spans.length && spans[i]![0] < end; i += 1)
          if (spans[i]![1] > start) {
            free = false;
            break;
          }
        if (free) slots.push({ start: new Date(start), end: new Date(end) });
      }
    }
  }
  return slots;
}

/** The `count` free slots closest in time to `wanted` (a slot just taken), in time order. */
export function nearestSlots(slots: readonly Slot[], wanted: Date, count = 3): Slot[] {
  return [...slots]
    .sort(
      (x, y) =>
        Math.abs(x.start.getTime() - wanted.getTime()) - Math.abs(y.start.getTime() - wanted.getTime()) ||
        x.start.getTime() - y.start.getTime(),
    )
    .slice(0, count)
    .sort((x, y) => x.start.getTime() - y.start.getTime());
}
