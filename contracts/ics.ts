// iCalendar text (RFC 5545), written once for the app's "Add to calendar" file, the API's meeting invitations
// mailed to a client and each person's calendar feed (many events, METHOD:PUBLISH): text values escaped
// (backslash, semicolon, comma, line breaks), lines ending in CRLF and folded at 75 octets without splitting a
// UTF-8 character, times in UTC so every calendar places the meeting at the same instant and shows it in its
// owner's own zone (no VTIMEZONE needed).

export interface CalendarEvent {
  /** PUBLISH: a file to import; REQUEST: an invitation (again, with a higher sequence, when it changes); CANCEL. */
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  uid: string;
  sequence?: number;
  /** When the file is made (DTSTAMP). */
  stamp: Date;
  start: Date;
  minutes: number;
  title: string;
  description?: string | undefined;
  location?: string | null | undefined;
  /** Only http(s) links get here: a URI value is written as it is, not escaped like TEXT. */
  url?: string | null | undefined;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
}

/** TEXT escaping of RFC 5545 §3.3.11. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line into chunks of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line may hold 75 octets; continuation lines 74 plus their leading space.
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A quoted parameter value (a CN): it may not hold DQUOTE. */
const param = (value: string) => `"${value.replace(/"/g, '')}"`;

/** One event of a feed: the invitation's fields without its method (a feed is PUBLISH). */
export type FeedEvent = Omit<CalendarEvent, 'method'>;

/** The VEVENT lines of one event. */
function eventLines(event: FeedEvent, method: CalendarEvent['method']): string[] {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  const { organizer, attendee } = event;
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    ...(event.sequence === undefined ? [] : [`SEQUENCE:${event.sequence}`]),
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(organizer ? [`ORGANIZER;CN=${param(organizer.name)}:mailto:${organizer.email}`] : []),
    ...(attendee
      ? [`ATTENDEE;CN=${param(attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${attendee.email}`]
      : []),
    ...(method === 'PUBLISH' ? [] : [`STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`]),
    'END:VEVENT',
  ];
}

/** The calendar around some events, each line folded, every line ending in CRLF. */
function calendarText(method: CalendarEvent['method'], head: string[], events: string[][]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Coaching Portal//Meetings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...head,
    ...events.flat(),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function calendarIcs(event: CalendarEvent): string {
  return calendarText(event.method, [], [eventLines(event, event.method)]);
}

/**
 * A subscription (a person's feed): its name as calendar apps show it, and a hint to fetch it again hourly
 * (REFRESH-INTERVAL of RFC 7986, and the X-PUBLISHED-TTL Outlook reads).
 */
export function feedIcs(name: string, events: FeedEvent[]): string {
  const head = [
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  return calendarText(
    'PUBLISH',
    head,
    events.map((event) => eventLines(event, 'PUBLISH')),
  );
}
