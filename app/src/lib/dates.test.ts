import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentDay,
  currentMonth,
  displayZone,
  formatAgo,
  formatDate,
  formatDateTime,
  formatDay,
  formatShortDate,
  formatCalendarDate,
  formatTime,
  fromLocalInput,
  toLocalInput,
} from './dates';
import { warmZone } from './zone-clock';

afterEach(() => vi.restoreAllMocks());

describe('dates', () => {
  it("shows a time in SPEC §9's format in the given zone, without the zone's name", () => {
    expect(formatDateTime('2026-11-23T22:00:00Z', 'America/Chicago')).toBe(
      '4:00 pm, Monday, November 23rd, 2026',
    );
    expect(formatDateTime('not a date', 'America/Chicago')).toBe('');
  });

  it('shows calendar dates in words, never as ISO text', () => {
    expect(formatDate('2026-11-11')).toBe('November 11th, 2026');
    expect(formatDate('2027-02-03T00:00:00.000Z')).toBe('February 3rd, 2027');
    expect(formatDay('2026-11-20')).toBe('Friday, November 20th, 2026');
  });

  it("shows a list's date as the time for today's, else the day", () => {
    const now = '2026-11-23T18:00:00Z';
    expect(formatShortDate('2026-11-23T15:30:00Z', 'America/Chicago', now)).toBe('9:30 am');
    expect(formatShortDate('2026-11-02T15:30:00Z', 'America/Chicago', now)).toBe('Nov 2, 2026');
  });

  it("shows what is dated as its day in the zone, today's too, never as a time", () => {
    // Noon UTC (an offline payment's paid_at) is 4 am in Los Angeles, and still that day.
    expect(formatCalendarDate('2026-11-29T12:00:00Z', 'America/Los_Angeles')).toBe('Nov 29, 2026');
    // 2 am UTC on the 30th is the evening of the 29th in Chicago.
    expect(formatCalendarDate('2026-11-30T02:00:00Z', 'America/Chicago')).toBe('Nov 29, 2026');
  });

  it('shows the time of day in a zone, and how long ago a moment was in words', () => {
    expect(formatTime('2026-03-29T07:30:00Z', 'Europe/Amsterdam')).toBe('9:30 am');
    expect(formatTime('2026-03-29T12:05:00Z', 'America/New_York')).toBe('8:05 am');
    const now = '2026-11-23T12:00:00Z';
    expect(formatAgo('2026-11-23T11:59:40Z', 'UTC', now)).toBe('just now');
    expect(formatAgo('2026-11-23T11:59:00Z', 'UTC', now)).toBe('1 minute ago');
    expect(formatAgo('2026-11-23T11:50:00Z', 'UTC', now)).toBe('10 minutes ago');
    expect(formatAgo('2026-11-23T09:00:00Z', 'UTC', now)).toBe('3 hours ago');
    expect(formatAgo('2026-11-22T09:00:00Z', 'UTC', now)).toBe('yesterday');
    expect(formatAgo('2026-11-18T09:00:00Z', 'UTC', now)).toBe('5 days ago');
    expect(formatAgo('2026-11-03T23:30:00Z', 'Asia/Tokyo', now)).toBe('on November 4th, 2026');
    // A clock a little ahead of the browser's is not 'in the future'.
    expect(formatAgo('2026-11-23T12:00:30Z', 'UTC', now)).toBe('just now');
  });

  it('reads and writes datetime-local values as wall-clock time in a zone', () => {
    expect(fromLocalInput('2026-11-23T16:00', 'America/Chicago')).toBe('2026-11-23T22:00:00.000Z');
    expect(toLocalInput('2026-11-23T22:00:00.000Z', 'America/Chicago')).toBe('2026-11-23T16:00');
    expect(fromLocalInput('soon', 'UTC')).toBeNull();
  });

  it("reads a zone's wall clock as dayjs's tz() does, at midnight, noon and across daylight saving", () => {
    const zones = ['America/Chicago', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
    const instants = [
      '2026-03-08T07:59:00Z', // Chicago: 1:59 am, a minute before the clocks go forward
      '2026-03-08T08:00:00Z',
      '2026-11-01T06:30:00Z', // Chicago: the hour that repeats
      '2026-03-29T00:59:00Z',
      '2026-10-25T01:00:00Z',
      '2026-12-31T23:59:59Z',
      '2027-01-01T00:00:00Z',
      '2026-06-01T12:00:00Z',
      '2026-06-01T00:00:00Z',
    ];
    const now = '2026-06-01T12:00:00Z';
    for (const zone of zones) {
      for (const instant of instants) {
        const there = dayjs(instant).tz(zone);
        expect(formatDateTime(instant, zone)).toBe(there.format('h:mm a, dddd, MMMM Do, YYYY'));
        expect(toLocalInput(instant, zone)).toBe(there.format('YYYY-MM-DDTHH:mm'));
        expect(currentMonth(zone, instant)).toBe(there.format('YYYY-MM'));
        expect(currentDay(zone, instant)).toBe(there.format('YYYY-MM-DD'));
        const short = there.isSame(dayjs(now).tz(zone), 'day') ? 'h:mm a' : 'MMM D, YYYY';
        expect(formatShortDate(instant, zone, now)).toBe(there.format(short));
        expect(formatTime(instant, zone)).toBe(there.format('h:mm a'));
      }
    }
    // Every day of a month for the ordinals: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd, 31st.
    for (let day = 1; day <= 31; day++) {
      const instant = `2026-01-${String(day).padStart(2, '0')}T15:00:00Z`;
      expect(formatDateTime(instant, 'UTC')).toBe(
        dayjs(instant).tz('UTC').format('h:mm a, dddd, MMMM Do, YYYY'),
      );
    }
  });

  it("falls back to the browser's zone for a zone name it does not know", () => {
    expect(displayZone('America/Chicago')).toBe('America/Chicago');
    expect(displayZone('Mars/Olympus_Mons')).toBe(dayjs.tz.guess());
    expect(displayZone(null)).toBe(dayjs.tz.guess());
  });

  it("builds a zone's formatter ahead (warmZone, at boot), so the first time shown in it builds none", async () => {
    const Real = Intl.DateTimeFormat;
    const built = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    });
    await warmZone('Asia/Kathmandu');
    expect(built).toHaveBeenCalledTimes(1);
    const shown = formatDateTime('2026-01-01T00:00:00Z', displayZone('Asia/Kathmandu'));
    expect(shown).toBe('5:45 am, Thursday, January 1st, 2026');
    expect(built).toHaveBeenCalledTimes(1);
  });
});
