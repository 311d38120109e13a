// The calendar invitation text (RFC 5545, contracts/ics.ts): CRLF line ends, folding at 75 octets without splitting a UTF-8
// character, escaped TEXT values, UTC times.
import { describe, expect, it } from 'vitest';
import { calendarIcs } from '../../contracts/ics.js';

const invite = {
  method: 'REQUEST' as const,
  uid: 'meeting-7@portal.example',
  sequence: 3,
  stamp: new Date('2027-01-02T03:04:05.678Z'),
  start: new Date('2027-03-29T07:00:00Z'),
  minutes: 90,
  title: 'Strategie für Müller, Schmidt; Übersicht',
  description: `Erste Zeile\nZweite Zeile mit ${'ä'.repeat(60)} \\ Ende`,
  location: null,
  url: 'https://meet.example/room',
  organizer: { name: 'Anna "Coach" Berg', email: 'coach@example.test' },
  attendee: { name: 'Jo Client', email: 'client@example.test' },
};

const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('calendarIcs', () => {
  it('folds every line at 75 octets with CRLF, never inside a character', () => {
    const ics = calendarIcs(invite);
    expect(ics.endsWith('\r\n')).toBe(true);
    const physical = ics.split('\r\n').slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // The long description was folded, and each folded piece is whole UTF-8.
    expect(physical.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(1);
    for (const line of physical) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
  });

  it('escapes TEXT values and writes UTC times, the end from the length', () => {
    const lines = unfolded(calendarIcs(invite));
    expect(lines).toContain('SUMMARY:Strategie für Müller\\, Schmidt\\; Übersicht');
    expect(lines).toContain(`DESCRIPTION:Erste Zeile\\nZweite Zeile mit ${'ä'.repeat(60)} \\\\ Ende`);
    expect(lines).toContain('DTSTART:20270329T070000Z');
    expect(lines).toContain('DTEND:20270329T083000Z');
    expect(lines).toContain('DTSTAMP:20270102T030405Z');
    expect(lines).toContain('SEQUENCE:3');
    expect(lines).toContain('ORGANIZER;CN="Anna Coach Berg":mailto:coach@example.test');
    expect(lines.filter((l) => l.startsWith('LOCATION'))).toEqual([]);
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Coaching Portal//Meetings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
    ]);
  });

  it('marks a cancellation', () => {
    const lines = unfolded(calendarIcs({ ...invite, method: 'CANCEL', sequence: 4 }));
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
  });
});
