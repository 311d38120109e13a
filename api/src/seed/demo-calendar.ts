// A demo coach's own calendar, as their calendar app would export it (the secret iCal address a coach adds on
// Calendars): a fortnightly meeting with one occurrence skipped (EXDATE), a weekly supervision hour, a one-off
// appointment, an all-day conference, and a focus block marked free. The portal keeps only the busy times of it,
// so the coach's clients see those hours gone from /book, never what they are. The dates follow the seed time by
// working-days.ts's rules, so a fresh `npm start` always shows busy blocks in the coming weeks.
import { addDays, isoDay, localDay, weekday, workingDay } from './working-days.js';

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
const compact = (day: string) => day.replaceAll('-', '');
const wall = (day: string, time: string) => `${compact(day)}T${time.replace(':', '')}00`;

/** The iCalendar text of a demo coach's own calendar, in their zone, around `at`. */
export function demoCalendar(zone: string, at: Date): string {
  const today = localDay(at, zone);
  // The Monday and the Wednesday of the week four weeks back: the series began before the demo's weeks.
  const sinceMonday = 28 + ((weekday(today) + 6) % 7);
  const monday = addDays(today, -sinceMonday);
  const wednesday = addDays(monday, 2);
  // The fortnightly meeting falls on monday + 14k; the first one at least a week ahead is skipped.
  const skipped = addDays(monday, 14 * Math.ceil((sinceMonday + 7) / 14));
  const appointment = isoDay(workingDay(at, 5, zone));
  const conference = workingDay(at, 15, zone);
  const event = (uid: string, lines: string[]) => [
    'BEGIN:VEVENT',
    `UID:${uid}@demo-calendar.portal.test`,
    `DTSTAMP:${stamp(at)}`,
    ...lines,
    'END:VEVENT',
  ];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Coaching Portal//Demo calendar//EN',
    'CALSCALE:GREGORIAN',
    'X-WR-CALNAME:Personal',
    `X-WR-TIMEZONE:${zone}`,
    ...event('accountant', [
      `DTSTART;TZID=${zone}:${wall(isoDay(monday), '09:00')}`,
      `DTEND;TZID=${zone}:${wall(isoDay(monday), '10:30')}`,
      'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
      `EXDATE;TZID=${zone}:${wall(isoDay(skipped), '09:00')}`,
      'SUMMARY:Accounts with the bookkeeper',
    ]),
    ...event('supervision', [
      `DTSTART;TZID=${zone}:${wall(isoDay(wednesday), '13:00')}`,
      `DTEND;TZID=${zone}:${wall(isoDay(wednesday), '14:00')}`,
      'RRULE:FREQ=WEEKLY;BYDAY=WE',
      'SUMMARY:Supervision',
    ]),
    ...event('appointment', [
      `DTSTART;TZID=${zone}:${wall(appointment, '15:00')}`,
      `DTEND;TZID=${zone}:${wall(appointment, '16:30')}`,
      'SUMMARY:Doctor',
    ]),
    ...event('conference', [
      `DTSTART;VALUE=DATE:${compact(isoDay(conference))}`,
      `DTEND;VALUE=DATE:${compact(isoDay(addDays(conference, 1)))}`,
      'TRANSP:OPAQUE',
      'SUMMARY:Coaching conference',
    ]),
    ...event('focus', [
      `DTSTART;TZID=${zone}:${wall(isoDay(monday), '08:00')}`,
      `DTEND;TZID=${zone}:${wall(isoDay(monday), '09:00')}`,
      'RRULE:FREQ=DAILY',
      'TRANSP:TRANSPARENT',
      'SUMMARY:Focus time (free)',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
