// Outside calendars as Google, Outlook and Apple export them (fixtures/ical/), read into exactly the busy times
// a person sees in those apps: recurring series with an excluded and a moved occurrence, all-day events, zones
// defined in the file, a Windows zone name the file does not define, and clock changes inside a series.
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { busyTimes, ianaName, MAX_BUSY } from '../src/services/calendars/busy-ics.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/ical/${name}`, import.meta.url), 'utf8');

const from = new Date('2026-03-01T12:00:00Z');
const to = new Date('2027-03-01T12:00:00Z');

/** Busy times as "start/end" in UTC, to compare at a glance. */
const read = (text: string, zone = 'Europe/Amsterdam', window: [Date, Date] = [from, to]) =>
  busyTimes(text, window[0], window[1], zone).map(
    ({ start, end }) => `${start.toISOString().slice(0, 16)}/${end.toISOString().slice(0, 16)}`,
  );

describe('busy times of an exported calendar', () => {
  it('Google: a weekly series less an EXDATE, with a moved occurrence and summer time inside it', () => {
    expect(read(fixture('google.ics'))).toEqual([
      // Team planning, Mondays 09:00 Amsterdam (CET): 2 March; 9 March is excluded.
      '2026-03-02T08:00/2026-03-02T09:00',
      // The dentist, written in UTC.
      '2026-03-04T15:00/2026-03-04T15:30',
      // 16 March moved to Tuesday 17 March 14:00.
      '2026-03-17T13:00/2026-03-17T14:00',
      '2026-03-23T08:00/2026-03-23T09:00',
      // A weekend, all day in Amsterdam: Saturday 00:00 CET to Monday 00:00 CEST (the Sunday has 23 hours).
      '2026-03-27T23:00/2026-03-29T22:00',
      // Summer time: still 09:00 there, an hour earlier in UTC.
      '2026-03-30T07:00/2026-03-30T08:00',
      '2026-04-06T07:00/2026-04-06T08:00',
      // (UNTIL 13 April 06:59:59Z ends the series before 13 April 09:00 CEST; Easter Monday is transparent;
      // the lunch is cancelled.) Every other Friday 17:00, over the end of summer time:
      '2026-10-16T15:00/2026-10-16T15:30',
      '2026-10-30T16:00/2026-10-30T16:30',
    ]);
  });

  it('Outlook: Windows zone names, one defined in a VTIMEZONE and one not, an inclusive UNTIL and "Free"', () => {
    expect(read(fixture('outlook.ics'))).toEqual([
      // "Eastern Standard Time" has no VTIMEZONE: it is New York's zone (US summer time starts 8 March).
      '2026-03-02T14:00/2026-03-02T15:00',
      '2026-03-09T13:00/2026-03-09T14:00',
      // TZID=UTC.
      '2026-03-11T12:00/2026-03-11T13:30',
      '2026-03-16T13:00/2026-03-16T14:00',
      // Steering group, Tuesdays 10:00 "W. Europe Standard Time"; 24 March excluded.
      '2026-03-17T09:00/2026-03-17T10:00',
      '2026-03-31T08:00/2026-03-31T09:00',
      // All day, in the coach's zone (the file names two zones and no calendar zone).
      '2026-03-31T22:00/2026-04-01T22:00',
      // 7 April moved to 15:00; 14 April is the UNTIL itself, so it is included. Focus time is "Free".
      '2026-04-07T13:00/2026-04-07T14:00',
      '2026-04-14T08:00/2026-04-14T09:00',
    ]);
  });

  it('Apple: COUNT with an EXDATE and a moved occurrence, an all-day day of 23 hours, a time the clocks skip', () => {
    expect(read(fixture('apple.ics'))).toEqual([
      // Family day, all day in New York on the day summer time starts: 23 hours.
      '2026-03-08T05:00/2026-03-09T04:00',
      // 02:30 does not exist that night: read with the offset before the gap (RFC 5545), until 04:00 EDT.
      '2026-03-08T07:30/2026-03-08T08:00',
      // Board prep, Thursdays 16:30: 26 Feb is before the window, 5 March excluded, 12 March moved to Friday 09:00.
      '2026-03-13T13:00/2026-03-13T13:45',
      '2026-03-19T20:30/2026-03-19T21:15',
      // A floating time, in the calendar's zone (X-WR-TIMEZONE).
      '2026-03-20T21:00/2026-03-20T22:00',
      '2026-03-26T20:30/2026-03-26T21:15',
    ]);
  });

  it('keeps nothing but the times: no title, place or description', () => {
    for (const name of ['google.ics', 'outlook.ics', 'apple.ics'])
      for (const busy of busyTimes(fixture(name), from, to, 'Europe/Amsterdam'))
        expect(Object.keys(busy).sort()).toEqual(['end', 'start']);
  });

  it('why Windows names are mapped: ical.js alone reads an undefined one as floating, hours off', () => {
    const calendar = new ICAL.Component(ICAL.parse(fixture('outlook.ics')));
    const call = calendar
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.summary === 'Call with the New York office')!;
    expect(call.startDate.zone?.tzid).toBe('floating');
    expect(ianaName('Eastern Standard Time')).toBe('America/New_York');
    expect(ianaName('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaName('/mozilla.org/20050126_1/America/Indiana/Knox')).toBe('America/Indiana/Knox');
    expect(ianaName('"Europe/Amsterdam"')).toBe('Europe/Amsterdam');
    expect(ianaName('Customized Time Zone')).toBeUndefined();
  });

  it("uses the file's VTIMEZONE for a zone no table knows", () => {
    const text = fixture('outlook.ics').replaceAll('W. Europe Standard Time', 'Customized Time Zone');
    expect(read(text, 'Asia/Tokyo')).toContain('2026-03-31T08:00/2026-03-31T09:00');
    expect(read(text, 'Asia/Tokyo')).toContain('2026-03-17T09:00/2026-03-17T10:00');
  });

  it('reads only the window, cuts an endless series off at its end, and caps what one calendar holds', () => {
    const daily = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:daily',
      'DTSTART:20000103T080000Z',
      'DTEND:20000103T083000Z',
      'RRULE:FREQ=DAILY',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const week = read(daily, 'UTC', [new Date('2026-03-02T00:00:00Z'), new Date('2026-03-09T00:00:00Z')]);
    expect(week).toHaveLength(7);
    expect(week[0]).toBe('2026-03-02T08:00/2026-03-02T08:30');
    const minutely = daily
      .replace('FREQ=DAILY', 'FREQ=MINUTELY;INTERVAL=31')
      .replaceAll('20000103', '20260301');
    expect(busyTimes(minutely, from, to, 'UTC')).toHaveLength(MAX_BUSY);
  });

  it('refuses text that is not a calendar', () => {
    expect(() => busyTimes('<html>Sign in</html>', from, to, 'UTC')).toThrow();
    expect(() => busyTimes('BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD', from, to, 'UTC')).toThrow();
  });
});
