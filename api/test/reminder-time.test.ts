// When a reminder goes: quiet hours on the person's wall clock, across both changes of summer time; a daily
// reminder at its hour of the local day.
import { describe, expect, it } from 'vitest';
import { dailyTime, reminderTime } from '../src/services/reminders/quiet-hours.js';

const night = { from: '21:00', to: '08:00' };
const at = (iso: string) => new Date(iso);
const London = 'Europe/London';

describe('reminderTime', () => {
  it('keeps a time outside the quiet hours', () => {
    const t = at('2026-06-10T14:00:00Z');
    expect(
      reminderTime({ at: t, startsAt: at('2026-06-11T14:00:00Z'), last: false, quiet: night, zone: London }),
    ).toEqual(t);
  });

  it('moves a time in the quiet hours to their end, on the wall clock of the zone', () => {
    // 23:30 in New York (UTC-4 in June) → 08:00 there the next morning.
    const t = at('2026-06-11T03:30:00Z');
    const when = reminderTime({
      at: t,
      startsAt: at('2026-06-12T03:30:00Z'),
      last: false,
      quiet: night,
      zone: 'America/New_York',
    });
    expect(when).toEqual(at('2026-06-11T12:00:00Z'));
  });

  it('moves a time after midnight to the same morning', () => {
    const t = at('2026-06-10T05:00:00Z'); // 06:00 BST
    const when = reminderTime({
      at: t,
      startsAt: at('2026-06-11T05:00:00Z'),
      last: false,
      quiet: night,
      zone: London,
    });
    expect(when).toEqual(at('2026-06-10T07:00:00Z')); // 08:00 BST
  });

  it('sends the last (smallest) offset anyway', () => {
    const t = at('2026-06-10T22:00:00Z');
    expect(
      reminderTime({ at: t, startsAt: at('2026-06-10T23:00:00Z'), last: true, quiet: night, zone: London }),
    ).toEqual(t);
  });

  it('goes just before the quiet hours when their end is not before the meeting', () => {
    // A 2-hour reminder for 23:30 BST falls at 21:30, in the quiet hours, which end after the meeting.
    const when = reminderTime({
      at: at('2026-06-10T20:30:00Z'),
      startsAt: at('2026-06-10T22:30:00Z'),
      last: false,
      quiet: night,
      zone: London,
    });
    expect(when).toEqual(at('2026-06-10T19:59:00Z')); // 20:59 BST
  });

  it('reads the end on the day clocks go forward (London, 29 March 2026)', () => {
    // 23:00 GMT on the 28th; 08:00 on the 29th is BST, 07:00 UTC.
    const when = reminderTime({
      at: at('2026-03-28T23:00:00Z'),
      startsAt: at('2026-03-29T23:00:00Z'),
      last: false,
      quiet: night,
      zone: London,
    });
    expect(when).toEqual(at('2026-03-29T07:00:00Z'));
  });

  it('reads the end on the day clocks go back (London, 25 October 2026)', () => {
    // 23:00 BST on the 24th (22:00 UTC); 08:00 on the 25th is GMT, 08:00 UTC.
    const when = reminderTime({
      at: at('2026-10-24T22:00:00Z'),
      startsAt: at('2026-10-25T22:00:00Z'),
      last: false,
      quiet: night,
      zone: London,
    });
    expect(when).toEqual(at('2026-10-25T08:00:00Z'));
  });

  it('ends quiet hours named in the skipped hour at the same moment an hour later', () => {
    const when = reminderTime({
      at: at('2026-03-29T00:30:00Z'), // 00:30 GMT
      startsAt: at('2026-03-30T12:00:00Z'),
      last: false,
      quiet: { from: '22:00', to: '01:30' },
      zone: London,
    });
    // 01:30 does not exist that night: read at GMT, 01:30 UTC (02:30 BST).
    expect(when).toEqual(at('2026-03-29T01:30:00Z'));
  });

  it('handles quiet hours within one day', () => {
    const quiet = { from: '12:00', to: '14:00' };
    const when = reminderTime({
      at: at('2026-01-10T12:30:00Z'),
      startsAt: at('2026-01-11T12:30:00Z'),
      last: false,
      quiet,
      zone: 'UTC',
    });
    expect(when).toEqual(at('2026-01-10T14:00:00Z'));
  });
});

describe('dailyTime', () => {
  const daily = (date: string, clock: string, quiet = night, zone = London) =>
    dailyTime(date, clock, quiet, zone).toISOString();

  it('is 08:00 on the wall clock on both sides of the change to summer time (29 March 2026)', () => {
    expect(daily('2026-03-28', '08:00')).toBe('2026-03-28T08:00:00.000Z'); // GMT
    expect(daily('2026-03-29', '08:00')).toBe('2026-03-29T07:00:00.000Z'); // BST
  });

  it('is 08:00 on the wall clock on both sides of the change back (25 October 2026)', () => {
    expect(daily('2026-10-24', '08:00')).toBe('2026-10-24T07:00:00.000Z'); // BST
    expect(daily('2026-10-25', '08:00')).toBe('2026-10-25T08:00:00.000Z'); // GMT
    // New York changes a week later: 08:00 EDT, then 08:00 EST.
    const ny = 'America/New_York';
    expect(daily('2026-10-31', '08:00', night, ny)).toBe('2026-10-31T12:00:00.000Z');
    expect(daily('2026-11-01', '08:00', night, ny)).toBe('2026-11-01T13:00:00.000Z');
  });

  it('waits for the end of the quiet hours: 07:30 goes at 08:00, and at 09:00 for hours to 09:00', () => {
    expect(daily('2026-06-10', '07:30')).toBe('2026-06-10T07:00:00.000Z'); // 08:00 BST
    expect(daily('2026-06-10', '08:00', { from: '22:00', to: '09:00' })).toBe('2026-06-10T08:00:00.000Z');
    expect(daily('2026-06-10', '07:30', { from: '00:00', to: '00:00' })).toBe('2026-06-10T06:30:00.000Z');
  });

  it('reads the date in the zone, even far from UTC', () => {
    // 08:00 on 10 June in Kiritimati (UTC+14) is 18:00 UTC on 9 June.
    expect(daily('2026-06-10', '08:00', night, 'Pacific/Kiritimati')).toBe('2026-06-09T18:00:00.000Z');
  });
});
