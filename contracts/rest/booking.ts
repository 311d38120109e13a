// Booking: a coach's availability and meeting types, the free slots a client books from, and a client's own
// booked meeting (reschedule and cancel within the notice). Times a person types or reads are wall clock in a
// named zone; the instants the API hands out for slots are ISO strings, sent back unchanged to book one, so the
// app never converts a slot on its own.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, id, list, text } from './client.js';
import { boolean, closed, integer, multiLine, nullableString, singleLine, string } from './pieces.js';

/** A wall-clock time of day, HH:mm (24 h); 24:00 ends a range at midnight. */
export const clockTime = {
  type: 'string',
  pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$|^24:00$',
  mismatch: 'Give a time as HH:mm, for example 09:30.',
  ...singleLine,
} as const;
const day = { type: 'string', format: 'date', ...singleLine } as const;

/** One range of a weekday's hours: weekday 1 is Monday, 7 Sunday (ISO). */
export const weeklyRange = closed({
  weekday: { type: 'integer', minimum: 1, maximum: 7 },
  start: clockTime,
  end: clockTime,
});
/** A day off (the whole day) or an extra day with its own hours, on the coach's calendar. */
export const dayException = closed(
  { date: day, kind: { enum: ['off', 'extra'] }, start: clockTime, end: clockTime },
  ['date', 'kind'],
);
export const bookingSettings = closed({
  buffer_before_minutes: { type: 'integer', minimum: 0, maximum: 240 },
  buffer_after_minutes: { type: 'integer', minimum: 0, maximum: 240 },
  /** How long before a slot it may still be booked. */
  min_notice_minutes: { type: 'integer', minimum: 0, maximum: 60 * 24 * 30 },
  /** How many days ahead a client may book. */
  horizon_days: { type: 'integer', minimum: 1, maximum: 365 },
  /** At most this many meetings a day (the coach's day), or no cap. */
  max_per_day: { type: ['integer', 'null'], minimum: 1, maximum: 48 },
});
/** The coach's availability as the weekly editor reads and saves it, whole. */
export const availability = closed({
  weekly: { ...list(weeklyRange), maxItems: 70 },
  days: { ...list(dayException), maxItems: 400 },
  settings: bookingSettings,
});
export const availabilityPage = closed({ time_zone: string, ...availability.properties });

export const locationKind = { enum: ['video', 'place', 'phone'] } as const;
export const audience = { enum: ['clients', 'group', 'flag'] } as const;
/** A meeting type as the coach writes it. */
export const meetingTypeFields = {
  name: text(120),
  duration_minutes: { type: 'integer', minimum: 5, maximum: 480 },
  description: { type: 'string', maxLength: 2000, ...multiLine },
  location: locationKind,
  /** The place, for `place`; ignored otherwise. */
  place: { type: ['string', 'null'], maxLength: 300, ...singleLine },
  audience,
  /** For `group`: who may book is that group's members. */
  group_id: { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647 },
  /** For `flag`: who may book holds this training flag. */
  flag: { type: ['string', 'null'], maxLength: 60, ...singleLine },
  needs_credit: boolean,
  /** Cancel and reschedule up to this many hours before; null takes tenant.json's booking.noticeHours. */
  notice_hours: { type: ['integer', 'null'], minimum: 0, maximum: 24 * 30 },
  active: boolean,
  /** A form (the coach's own or the tenant's) sent to the client when a meeting of this type is booked. */
  prep_form_id: { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647 },
} as const;
export const newMeetingType = closed(meetingTypeFields, ['name', 'duration_minutes', 'location']);
export const meetingTypeChange = { ...closed(meetingTypeFields, []), minProperties: 1 } as const;
export const meetingType = closed({
  id: integer,
  name: string,
  duration_minutes: integer,
  description: string,
  location: locationKind,
  place: nullableString,
  audience,
  group_id: { type: ['integer', 'null'] },
  flag: nullableString,
  needs_credit: boolean,
  notice_hours: { type: ['integer', 'null'] },
  /** The notice in force: the type's, or the tenant's. */
  effective_notice_hours: integer,
  active: boolean,
  prep_form_id: { type: ['integer', 'null'] },
});
export const meetingTypes = list(meetingType);

/** A free time, as an instant; `start` is sent back unchanged to book it. */
export const slot = closed({ start: dateTime, end: dateTime });
/** Free slots grouped by the reader's calendar day. */
export const slotDays = list(closed({ date: string, slots: list(slot) }));
export const slotsQuery = closed(
  { coach_id: id, type_id: id, from: day, days: { type: 'integer', minimum: 1, maximum: 62 } },
  ['coach_id', 'type_id'],
);
export const slotsPage = closed({
  /** The zone the days are grouped in (the reader's). */
  time_zone: string,
  coach_time_zone: string,
  days: slotDays,
});

/** What a client sees of a coach they may book and the types open to them. */
const { id: typeId, name, duration_minutes, description, location, place } = meetingType.properties;
export const bookableCoach = closed({
  id: integer,
  name: string,
  types: list(
    // `place`: the address of a `place` meeting, so a client knows where before booking; null otherwise.
    closed({ id: typeId, name, duration_minutes, description, location, place, notice_hours: integer }),
  ),
});
export const bookingPage = closed({ time_zone: string, coaches: list(bookableCoach) });

/** A slot's start as the slots answered it (a request's string says what it may hold: one line). */
const slotStart = { ...dateTime, ...singleLine } as const;
export const newBooking = closed(
  { coach_id: id, type_id: id, start: slotStart, note: { type: 'string', maxLength: 2000, ...multiLine } },
  ['coach_id', 'type_id', 'start'],
);
export const bookingMove = closed({ start: slotStart });

/** A client's booked meeting and what they may still do with it. */
export const bookedMeeting = closed({
  id: integer,
  title: string,
  start: dateTime,
  end: dateTime,
  time_zone: string,
  coach_name: string,
  type_id: { type: ['integer', 'null'] },
  meeting_url: nullableString,
  place: nullableString,
  note: string,
  /** Until when it may be moved or cancelled here; null when it may not (a coach's meeting, or past). */
  change_until: { type: ['string', 'null'], format: 'date-time' },
});
/** 409: the slot was taken meanwhile (or is no longer free); the nearest free times instead. */
export const slotTaken = closed({ message: string, nearest: list(slot) });

export type ClockTime = FromSchema<typeof clockTime>;
export type WeeklyRange = FromSchema<typeof weeklyRange>;
export type DayException = FromSchema<typeof dayException>;
export type BookingSettings = FromSchema<typeof bookingSettings>;
export type Availability = FromSchema<typeof availability>;
export type AvailabilityPage = FromSchema<typeof availabilityPage>;
export type NewMeetingType = FromSchema<typeof newMeetingType>;
export type MeetingTypeChange = FromSchema<typeof meetingTypeChange>;
export type MeetingType = FromSchema<typeof meetingType>;
export type Slot = FromSchema<typeof slot>;
export type SlotsPage = FromSchema<typeof slotsPage>;
export type BookingPage = FromSchema<typeof bookingPage>;
export type BookableCoach = FromSchema<typeof bookableCoach>;
export type NewBooking = FromSchema<typeof newBooking>;
export type BookedMeeting = FromSchema<typeof bookedMeeting>;
export type SlotTaken = FromSchema<typeof slotTaken>;
