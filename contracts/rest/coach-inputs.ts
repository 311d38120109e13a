// What the coach's workspace forms send (a meeting, a client's step, a request's change, a library link, a focus
// area's step, a group's hand-over) and the answers read beside them (the clients list, a client's flash
// lessons), with the app's types of them.
import type { FromSchema } from 'json-schema-to-ts';
import { calendarDate, id, list, text } from './client.js';
import { coachClient, scheduledMeeting } from './coach.js';
import { boolean, closed, integer, line, multiLine, singleLine, string, webLink } from './pieces.js';

/** A meeting as the coach books it; the integration API books one with the same fields. */
export const meetingFields = {
  title: text(200),
  agenda: { type: 'string', maxLength: 5000, ...multiLine },
  // The coach's wall clock, read in their time zone.
  start: line(16, { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' }),
  duration_minutes: { type: 'integer', minimum: 5, maximum: 720 },
  // Online (http or https only: a link a client clicks) or a place; empty or null for none.
  meeting_url: { type: ['string', 'null'], maxLength: 2000, pattern: '^(https?://\\S+)?$', ...singleLine },
  place: { type: ['string', 'null'], maxLength: 300, ...singleLine },
  confirm_overlap: boolean,
} as const;

export const newMeeting = closed({ client_id: id, ...meetingFields }, [
  'client_id',
  'title',
  'start',
  'duration_minutes',
]);
export const meetingChange = { ...closed(meetingFields, []), minProperties: 1 } as const;
/** 409: the coach's meetings a booking would overlap, until it is sent again with confirm_overlap. */
export const overlap = closed({ message: string, overlaps: list(scheduledMeeting) });

export const clientsList = closed({ data: list(coachClient), total: integer });

export const stepFields = {
  title: text(200),
  description: { type: 'string', maxLength: 5000, ...multiLine },
  due_date: calendarDate,
} as const;
/** A client's action step; status is SPEC §4's column, 0-3. */
export const stepStatus = { type: 'integer', minimum: 0, maximum: 3 } as const;
export const newStep = closed({ ...stepFields, status: stepStatus }, ['title']);

export const requestChange = {
  ...closed(
    {
      status: { enum: ['new', 'in_progress', 'done'] },
      approved: boolean,
      // Mailed to the client.
      reply: text(10_000, multiLine),
    },
    [],
  ),
  minProperties: 1,
} as const;

export const newLink = closed({ title: text(200), url: webLink(2000) });

export const newAreaStep = closed(
  {
    title: text(200),
    description: { type: 'string', maxLength: 2000, ...multiLine },
    due_date: calendarDate,
    add_to_action_steps: boolean,
  },
  ['title', 'add_to_action_steps'],
);

export const handedOver = closed({ id, coach: closed({ id, first_name: string, last_name: string }) });

/** A client's assessments with each published flash lesson open to them or not. */
export const flashLessons = closed({
  assessments: list(
    closed({
      id: integer,
      title: string,
      lessons: list(closed({ id: integer, title: string, open: boolean })),
    }),
  ),
});

/** What the meeting form sends: every field (the client only with a new meeting). */
export type MeetingInput = Required<FromSchema<typeof newMeeting>>;
export type ClientsList = FromSchema<typeof clientsList>;
export type ClientChoice = ClientsList['data'][number];
/** The coach's step form: a new step is to do, so it sends no status. */
export type StepInput = Required<Omit<FromSchema<typeof newStep>, 'status'>>;
export type RequestChange = FromSchema<typeof requestChange>;
export type LinkInput = FromSchema<typeof newLink>;
/** The focus area's step form: a title, a due date and whether the step goes on the board. */
export type AreaStepInput = Required<Omit<FromSchema<typeof newAreaStep>, 'description'>>;
export type HandedOver = FromSchema<typeof handedOver>;
export type FlashLessons = FromSchema<typeof flashLessons>;
export type RequestField = keyof RequestChange;
