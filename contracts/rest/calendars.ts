// Calendars: a coach's outside calendars read in (their subscription addresses, fetched on a
// schedule, counted as busy), and each person's own feed out (a secret address any calendar app subscribes to).
// A connection's address is a secret (whoever has it reads the calendar): after saving only its host is shown.
// A feed's address is kept only as a hash, like every other token: it is shown once, in the answer of the POST
// that makes (or rotates) it; reading the feed afterwards tells only that it exists and since when.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, list, text } from './client.js';
import { closed, integer, line, nullableString, string } from './pieces.js';

/** ok: the last fetch worked; failing: the last fetch failed (the busy times of the last good one still count);
 * waiting: not fetched yet. */
export const connectionState = { enum: ['ok', 'failing', 'waiting'] } as const;

const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

/** An outside calendar as the coach sees it: never its full address. */
export const calendarConnection = closed({
  id: integer,
  label: string,
  /** The address's host only (calendar.google.com): enough to recognise it, not enough to read it. */
  host: string,
  state: connectionState,
  last_success_at: nullableTime,
  last_attempt_at: nullableTime,
  /** Why the last fetch failed, as a plain sentence; null when it worked or has not run. */
  problem: nullableString,
  /** Busy times held from the last good fetch (from a day ago to the booking horizon). */
  busy_count: integer,
  created_at: dateTime,
});
export const calendarConnections = list(calendarConnection);

/** A calendar's subscription address (https:// or webcal://, the "secret address in iCal format"). */
export const newCalendarConnection = closed({
  label: text(120),
  url: line(2000, {
    minLength: 1,
    pattern: '^(?:[Hh][Tt][Tt][Pp][Ss]?|[Ww][Ee][Bb][Cc][Aa][Ll])://\\S+$',
    mismatch: 'Enter the calendar’s address, starting with https:// or webcal://.',
  }),
});

/**
 * POST's answer, the one time the address is shown: the same address twice, for a calendar app (webcal://) and
 * for copying (https://).
 */
export const calendarFeed = closed({
  /** https://…/api/v1/calendar-feeds/<token>.ics (http:// only on a local stack). */
  url: string,
  /** The same address as webcal://…, which a calendar app opens as a subscription. */
  webcal: string,
});
/** GET's answer: since when the feed's current address works, or null when there is none (or it was revoked). */
export const calendarFeedStatus = {
  anyOf: [closed({ created_at: dateTime }), { type: 'null' }],
} as const;

export type ConnectionState = FromSchema<typeof connectionState>;
export type CalendarConnection = FromSchema<typeof calendarConnection>;
export type NewCalendarConnection = FromSchema<typeof newCalendarConnection>;
export type CalendarFeed = FromSchema<typeof calendarFeed>;
export type CalendarFeedStatus = FromSchema<typeof calendarFeedStatus>;
