/**
 * The slot engine: wall-clock hours in the coach's zone, across both clock changes in two zones, with buffers,
 * notice, horizon, the daily cap, days off and extra days. Expected times are written as the coach's wall clock
 * and checked as instants, so a slot an hour off on either side of a change fails.
 */
import { describe, expect, it } from 'vitest';
import type { BookingSettings, WeeklyRange } from '../../contracts/rest/booking.js';
import { localDateTime, wallClockStart } from '../src/services/coach/zoned-day.js';
import { type Busy, freeSlots, nearestSlots } from '../src/services/booking/slots.js';

const open: BookingSettings = {
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 365,
  max_per_day: null,
};
const everyDay = (start: string, end: string): WeeklyRange[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
const at = (local: string, zone: string) => wallClockStart(local, zone);

/** The slots of one coach day, as that zone's wall-clock start times. */
function slotsOn(
  date: string,
  zone: string,
  options: Partial<Parameters<typeof freeSlots>[0]> & { weekly?: WeeklyRange[] },
) {
  const slots = freeSlots({
    zone,
    weekly: options.weekly ?? everyDay('09:00', '17:00'),
    days: options.days ?? [],
    settings: options.settings ?? open,
    duration: options.duration ?? 60,
    busy: options.busy ?? [],
    now: options.now ?? new Date('2027-01-01T00:00:00Z'),
    from: options.from ?? at(`${date}T00:00`, zone),
    to: options.to ?? new Date(at(`${date}T00:00`, zone).getTime() + 86_400_000 * 1.5),
    ...(options.step === undefined ? {} : { step: options.step }),
  });
  return slots
    .filter((s) => localDateTime(s.start, zone).startsWith(date))
    .map((s) => ({
      start: localDateTime(s.start, zone).slice(11),
      minutes: (s.end.getTime() - s.start.getTime()) / 60_000,
      utc: s.start.toISOString().slice(11, 16),
    }));
}
const starts = (...args: Parameters<typeof slotsOn>) => slotsOn(...args).map((s) => s.start);

describe('free slots', () => {
  it('offers a 09:00–17:00 day as hour-long meetings every half hour, the last ending at 17:00', () => {
    const slots = slotsOn('2027-02-15', 'Europe/Amsterdam', {});
    expect(slots.map((s) => s.start)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect(new Set(slots.map((s) => s.minutes))).toEqual(new Set([60]));
    // Amsterdam is UTC+1 in February.
    expect(slots[0]!.utc).toBe('08:00');
  });

  it('starts every quarter hour for meetings under half an hour, or on the step asked for', () => {
    expect(
      starts('2027-02-15', 'Europe/Amsterdam', { duration: 20, weekly: everyDay('09:00', '10:00') }),
    ).toEqual(['09:00', '09:15', '09:30']);
    expect(
      starts('2027-02-15', 'Europe/Amsterdam', { step: 60, weekly: everyDay('09:00', '12:00') }),
    ).toEqual(['09:00', '10:00', '11:00']);
  });

  for (const [zone, spring, fall] of [
    ['Europe/Amsterdam', '2027-03-28', '2027-10-31'],
    ['America/New_York', '2027-03-14', '2027-11-07'],
  ] as const) {
    it(`keeps 09:00–17:00 local in ${zone} on both sides of each clock change`, () => {
      for (const change of [spring, fall]) {
        const before = new Date(Date.parse(`${change}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const after = new Date(Date.parse(`${change}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        const days = [before, change, after].map((date) => slotsOn(date, zone, {}));
        for (const slots of days) {
          expect(slots[0]!.start).toBe('09:00');
          expect(slots.at(-1)!.start).toBe('16:00');
          expect(slots).toHaveLength(15);
        }
        // The same wall time is a different instant once the clocks have moved.
        expect(days[0]![0]!.utc).not.toBe(days[2]![0]!.utc);
      }
    });
  }

  it('never offers a time the clocks skip (Amsterdam, 02:00–03:00 on the last Sunday of March)', () => {
    const slots = slotsOn('2027-03-28', 'Europe/Amsterdam', {
      duration: 30,
      weekly: everyDay('01:00', '04:00'),
    });
    expect(slots.map((s) => s.start)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    // 01:30 CET + 30 minutes is 03:00 CEST: a real half hour, over the gap.
    expect(slots.map((s) => s.utc)).toEqual(['00:00', '00:30', '01:00', '01:30']);
  });

  it('offers a repeated hour once (Amsterdam, 02:00–03:00 twice on the last Sunday of October)', () => {
    const slots = slotsOn('2027-10-31', 'Europe/Amsterdam', {
      duration: 30,
      weekly: everyDay('01:00', '04:00'),
    });
    expect(slots.map((s) => s.start)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    // 02:00 and 02:30 at their first occurrence (CEST, UTC+2); 03:00 is CET (UTC+1).
    expect(slots.map((s) => s.utc)).toEqual(['23:00', '23:30', '00:00', '00:30', '02:00', '02:30']);
  });

  it('does the same in New York (02:00–03:00 skipped in March, 01:00–02:00 repeated in November)', () => {
    const weekly = everyDay('00:30', '03:30');
    expect(starts('2027-03-14', 'America/New_York', { duration: 30, weekly })).toEqual([
      '00:30',
      '01:00',
      '01:30',
      '03:00',
    ]);
    expect(starts('2027-11-07', 'America/New_York', { duration: 30, weekly })).toEqual([
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
    ]);
  });

  it('ends a range that ends at a skipped time where the clocks land', () => {
    // 01:00–02:30 on the spring-forward night: 02:30 does not exist, so the range runs to 03:00 CEST (01:00Z).
    expect(
      starts('2027-03-28', 'Europe/Amsterdam', { duration: 30, weekly: everyDay('01:00', '02:30') }),
    ).toEqual(['01:00', '01:30']);
  });

  it('keeps the buffers clear around everything busy', () => {
    const zone = 'Europe/Amsterdam';
    const busy: Busy[] = [
      { start: at('2027-02-15T10:00', zone), end: at('2027-02-15T11:00', zone), meeting: true },
    ];
    const settings = { ...open, buffer_before_minutes: 15, buffer_after_minutes: 10 };
    // 09:00–10:00 would end 10 minutes short of the buffer after it; 11:00 starts inside the 15 before it.
    expect(starts('2027-02-15', zone, { weekly: everyDay('09:00', '13:00'), busy, settings })).toEqual([
      '11:30',
      '12:00',
    ]);
    expect(starts('2027-02-15', zone, { weekly: everyDay('09:00', '13:00'), busy })).toEqual([
      '09:00',
      '11:00',
      '11:30',
      '12:00',
    ]);
  });

  it('takes away slots that overlap busy times from other calendars, which do not count towards the cap', () => {
    const zone = 'America/New_York';
    const busy: Busy[] = [
      { start: at('2027-02-16T09:45', zone), end: at('2027-02-16T10:15', zone), meeting: false },
      { start: at('2027-02-16T13:00', zone), end: at('2027-02-16T13:01', zone), meeting: false },
    ];
    const settings = { ...open, max_per_day: 1 };
    expect(starts('2027-02-16', zone, { weekly: everyDay('09:00', '14:00'), busy, settings })).toEqual([
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
  });

  it('offers nothing on a day that already holds the cap of meetings', () => {
    const zone = 'Europe/Amsterdam';
    const meeting = (start: string, end: string): Busy => ({
      start: at(start, zone),
      end: at(end, zone),
      meeting: true,
    });
    const busy = [
      meeting('2027-02-16T09:00', '2027-02-16T10:00'),
      meeting('2027-02-16T15:00', '2027-02-16T16:00'),
    ];
    const settings = { ...open, max_per_day: 2 };
    expect(starts('2027-02-16', zone, { busy, settings })).toEqual([]);
    expect(starts('2027-02-16', zone, { busy, settings: { ...settings, max_per_day: 3 } })).toHaveLength(10);
    expect(starts('2027-02-17', zone, { busy, settings })).toHaveLength(15);
  });

  it('holds the minimum notice and the horizon, counted in the coach’s days', () => {
    const zone = 'Europe/Amsterdam';
    const now = at('2027-02-15T10:10', zone);
    const settings = { ...open, min_notice_minutes: 120, horizon_days: 1 };
    const slots = freeSlots({
      zone,
      weekly: everyDay('09:00', '17:00'),
      days: [],
      settings,
      duration: 60,
      busy: [],
      now,
      from: now,
      to: new Date(now.getTime() + 10 * 86_400_000),
    });
    const local = slots.map((s) => localDateTime(s.start, zone));
    expect(local[0]).toBe('2027-02-15T12:30');
    // Today and tomorrow, nothing after.
    expect(local.at(-1)).toBe('2027-02-16T16:00');
    expect(new Set(local.map((l) => l.slice(0, 10)))).toEqual(new Set(['2027-02-15', '2027-02-16']));
  });

  it('skips a day off, adds an extra day, keeps several ranges a day apart and runs a range to midnight', () => {
    const zone = 'Europe/Amsterdam';
    const weekly: WeeklyRange[] = [
      { weekday: 1, start: '09:00', end: '11:00' },
      { weekday: 1, start: '13:00', end: '14:30' },
      { weekday: 2, start: '22:00', end: '24:00' },
    ];
    expect(starts('2027-02-15', zone, { weekly })).toEqual(['09:00', '09:30', '10:00', '13:00', '13:30']);
    expect(starts('2027-02-16', zone, { weekly })).toEqual(['22:00', '22:30', '23:00']);
    const days = [
      { date: '2027-02-15', kind: 'off' as const },
      { date: '2027-02-20', kind: 'extra' as const, start: '10:00', end: '12:00' },
    ];
    expect(starts('2027-02-15', zone, { weekly, days })).toEqual([]);
    expect(starts('2027-02-20', zone, { weekly, days })).toEqual(['10:00', '10:30', '11:00']);
    // Overlapping ranges of one day are one range.
    const twice: WeeklyRange[] = [
      { weekday: 1, start: '09:00', end: '10:30' },
      { weekday: 1, start: '10:00', end: '11:00' },
    ];
    expect(starts('2027-02-15', zone, { weekly: twice })).toEqual(['09:00', '09:30', '10:00']);
  });

  it('keeps each day its own in zones over 12 hours from UTC (Kiritimati UTC+14, Pago Pago UTC-11)', () => {
    // Monday evening to midnight: the last hour-long slot starts at 23:00 and ends as Monday does there.
    const mondays: WeeklyRange[] = [{ weekday: 1, start: '22:00', end: '24:00' }];
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const from = at('2027-02-14T00:00', zone);
      expect(starts('2027-02-15', zone, { weekly: mondays, from }), zone).toEqual([
        '22:00',
        '22:30',
        '23:00',
      ]);
      expect(starts('2027-02-16', zone, { weekly: mondays, from }), zone).toEqual([]);
    }
  });

  it('names the nearest free times to a taken one, in time order', () => {
    const zone = 'Europe/Amsterdam';
    const slots = freeSlots({
      zone,
      weekly: everyDay('09:00', '12:00'),
      days: [],
      settings: open,
      duration: 60,
      busy: [],
      now: new Date('2027-01-01T00:00:00Z'),
      from: at('2027-02-15T00:00', zone),
      to: at('2027-02-16T00:00', zone),
    });
    const nearest = nearestSlots(slots, at('2027-02-15T10:00', zone));
    expect(nearest.map((s) => localDateTime(s.start, zone).slice(11))).toEqual(['09:30', '10:00', '10:30']);
  });
});
