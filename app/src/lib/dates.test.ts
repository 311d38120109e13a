import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatShortDate,
  fromLocalInput,
  toLocalInput,
} from './dates';

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

  it('reads and writes datetime-local values as wall-clock time in a zone', () => {
    expect(fromLocalInput('2026-11-23T16:00', 'America/Chicago')).toBe('2026-11-23T22:00:00.000Z');
    expect(toLocalInput('2026-11-23T22:00:00.000Z', 'America/Chicago')).toBe('2026-11-23T16:00');
    expect(fromLocalInput('soon', 'UTC')).toBeNull();
  });
});
