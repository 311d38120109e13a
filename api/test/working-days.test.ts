// The demo seed's date rules (api/src/seed/working-days.ts): working days skip weekends and the holidays, a
// wall-clock time holds across a change of summer time, and a group's rule gives both its text and its days.
import { describe, expect, it } from 'vitest';
import { describeRule, isoDay, ruleDays, workingDay, zonedTime } from '../src/seed/working-days.js';

describe('working days', () => {
  it('moves a day off away from the seed time: forward for the future, back for the past', () => {
    // Wednesday 23 December 2026, evening in Los Angeles.
    const at = new Date('2026-12-24T03:00:00Z');
    const zone = 'America/Los_Angeles';
    expect(isoDay(workingDay(at, 0, zone))).toBe('2026-12-23');
    // 25 Dec (Friday) and the weekend are skipped; 28 Dec is a Monday.
    expect(isoDay(workingDay(at, 2, zone))).toBe('2026-12-28');
    // 31 Dec and 1 Jan are off too; Sunday 3 Jan moves on to Monday 4 Jan.
    expect(isoDay(workingDay(at, 8, zone))).toBe('2027-01-04');
    // Sunday 20 Dec goes back to Friday 18 Dec.
    expect(isoDay(workingDay(at, -3, zone))).toBe('2026-12-18');
  });

  it('finds the instant of a wall-clock time on both sides of a change of summer time', () => {
    const zone = 'Europe/London';
    expect(zonedTime({ year: 2027, month: 3, day: 26 }, 10, 0, zone).toISOString()).toBe(
      '2027-03-26T10:00:00.000Z',
    );
    expect(zonedTime({ year: 2027, month: 3, day: 29 }, 10, 0, zone).toISOString()).toBe(
      '2027-03-29T09:00:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 11, day: 2 }, 9, 30, 'America/Chicago').toISOString()).toBe(
      '2026-11-02T15:30:00.000Z',
    );
  });
});

describe('a group’s meeting rule', () => {
  it('is written as the group’s meets_on text', () => {
    expect(describeRule({ weekday: 2, hour: 15, minute: 0, every: 'week' })).toBe('Tuesdays, 3:00 pm');
    expect(describeRule({ weekday: 2, hour: 9, minute: 30, every: 'fortnight' })).toBe(
      'Every other Tuesday, 9:30 am',
    );
    expect(describeRule({ weekday: 4, hour: 12, minute: 0, every: 'first-of-month' })).toBe(
      'First Thursday of the month, 12:00 pm',
    );
  });

  it('gives the rule’s days from the start, skipping a holiday', () => {
    const from = { year: 2026, month: 12, day: 14 };
    const fortnight = ruleDays({ weekday: 4, hour: 15, minute: 0, every: 'fortnight' }, from, 3);
    // Thursday 31 Dec is a holiday: that meeting is skipped, the next is a fortnight later.
    expect(fortnight.map(isoDay)).toEqual(['2026-12-17', '2027-01-14', '2027-01-28']);
    const monthly = ruleDays({ weekday: 4, hour: 14, minute: 0, every: 'first-of-month' }, from, 3);
    // The first Thursday of January 2027 is 7 Jan; of December 2026 (3 Dec) is before the start.
    expect(monthly.map(isoDay)).toEqual(['2027-01-07', '2027-02-04', '2027-03-04']);
    const onNewYear = ruleDays({ weekday: 5, hour: 10, minute: 0, every: 'first-of-month' }, from, 2);
    // The first Friday of January 2027 is 1 Jan, a holiday: on to February.
    expect(onNewYear.map(isoDay)).toEqual(['2027-02-05', '2027-03-05']);
  });
});
