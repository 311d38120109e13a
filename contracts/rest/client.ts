// JSON Schemas of the client-work calls (schedule, notes, action steps, team). Bodies are closed like every
// other route's; ids are bounded to PostgreSQL's integer so an oversized id is a 422, not a database error.
import type { JSONSchema } from 'json-schema-to-ts';
import type { multiLine } from './pieces.js';
import { closed, integer, nullableString, singleLine, string } from './pieces.js';

export const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
/** Text that must hold something besides spaces: one line unless `lines` is multiLine. */
export const text = <const L extends typeof singleLine | typeof multiLine = typeof singleLine>(
  maxLength: number,
  lines?: L,
) =>
  ({
    type: 'string',
    minLength: 1,
    maxLength,
    pattern: '\\S',
    mismatch: 'This field is required.',
    ...(lines ?? singleLine),
  }) as const;
export const calendarDate = { type: ['string', 'null'], format: 'date', ...singleLine } as const;
export const dateTime = { type: 'string', format: 'date-time' } as const;

/** The body of list calls: nothing to send (an empty object). */
export const noBody = closed({}, []);

/** One call's schema: body and the { data } answer under its status (200, or 201 for created). */
export const call = <const B extends JSONSchema, const D extends JSONSchema>(
  body: B,
  data: D,
  status: 200 | 201 = 200,
) => ({
  body,
  response: { [status]: closed({ data }) },
});

export const list = <const I extends JSONSchema>(item: I) => ({ type: 'array', items: item }) as const;

export const meeting = closed({
  id: integer,
  title: string,
  agenda: string,
  meeting_time: dateTime,
  duration_minutes: integer,
  time_zone: string,
  meeting_url: nullableString,
  place: nullableString,
  coach_name: nullableString,
});

export const note = closed({
  id: integer,
  title: string,
  body: string,
  meeting_date: nullableString,
  created_at: dateTime,
  updated_at: dateTime,
});

/** An action step or a commitment. */
export const boardItem = closed({
  id: integer,
  title: string,
  description: string,
  status: integer,
  due_date: nullableString,
  updated_at: dateTime,
});

export const teamMember = closed({
  id: integer,
  first_name: string,
  last_name: string,
  email: nullableString,
  created_at: dateTime,
});

export const task = closed({
  id: integer,
  title: string,
  deadline: nullableString,
  responsibility: string,
  file_name: nullableString,
  status: integer,
  note: string,
  team_member_id: { type: ['integer', 'null'] },
  member: {
    anyOf: [closed({ id: integer, first_name: string, last_name: string }), { type: 'null' }],
  },
  updated_at: dateTime,
});

/** A file answer: the body is the document itself, with Content-Disposition naming the file. */
export const fileCall = (description: string) =>
  ({
    body: noBody,
    response: { 200: { type: 'string', description } },
  }) as const;
