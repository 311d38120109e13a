// One meeting as an iCalendar file for "Add to calendar" (contracts/ics.ts writes it, as the API's invitations).
import { calendarIcs } from '../../../../../contracts/ics';

interface CalendarEvent {
  uid: string;
  title: string;
  start: Date;
  minutes: number;
  description?: string;
  url?: string | null;
  /** When the file is made (DTSTAMP). */
  now?: Date;
}

export const toIcs = (event: CalendarEvent): string =>
  calendarIcs({
    method: 'PUBLISH',
    uid: event.uid,
    stamp: event.now ?? new Date(),
    start: event.start,
    minutes: event.minutes,
    title: event.title,
    description: event.description,
    url: event.url,
    location: event.url,
  });

/** A filename from the title: letters, digits and dashes only. */
export const icsFileName = (title: string): string =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'meeting'
  }.ics`;
