// JSON Schemas of the client-work calls (schedule, notes, action steps, team). Bodies are closed like every
// other route's; ids are bounded to PostgreSQL's integer so an oversized id is a 422, not a database error.
import type { FastifySchema } from 'fastify';
import { closed, nullableString, singleLine, tenantHeaders } from './schemas.js';

const nullable = (type: string) => ({ type: [type, 'null'] });

export const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
/** Text that must hold something besides spaces: one line unless `lines` is multiLine. */
export const text = (maxLength: number, lines: object = singleLine) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: '\\S',
  ...lines,
});
export const calendarDate = { type: ['string', 'null'], format: 'date', ...singleLine };
export const dateTime = { type: 'string', format: 'date-time' };

/** The body of list calls: nothing to send (an empty object). */
export const noBody = closed({}, []);

/** One call's schema: headers, body and the { data } answer under its status (200, or 201 for created). */
export const call = (body: object, data: object, status: 200 | 201 = 200): FastifySchema => ({
  headers: tenantHeaders,
  body,
  response: { [status]: closed({ data }) },
});

export const list = (item: object) => ({ type: 'array', items: item });

export const meeting = closed({
  id: { type: 'integer' },
  title: { type: 'string' },
  agenda: { type: 'string' },
  meeting_time: dateTime,
  duration_minutes: { type: 'integer' },
  time_zone: { type: 'string' },
  meeting_url: nullableString,
  coach_name: nullableString,
});

export const note = closed({
  id: { type: 'integer' },
  title: { type: 'string' },
  body: { type: 'string' },
  meeting_date: nullableString,
  created_at: dateTime,
  updated_at: dateTime,
});

/** An action step or a commitment. */
export const boardItem = closed({
  id: { type: 'integer' },
  title: { type: 'string' },
  description: { type: 'string' },
  status: { type: 'integer' },
  due_date: nullableString,
  updated_at: dateTime,
});

export const teamMember = closed({
  id: { type: 'integer' },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  email: nullableString,
  created_at: dateTime,
});

export const task = closed({
  id: { type: 'integer' },
  title: { type: 'string' },
  deadline: nullableString,
  responsibility: { type: 'string' },
  file_name: nullableString,
  status: { type: 'integer' },
  note: { type: 'string' },
  team_member_id: nullable('integer'),
  member: {
    anyOf: [
      closed({ id: { type: 'integer' }, first_name: { type: 'string' }, last_name: { type: 'string' } }),
      { type: 'null' },
    ],
  },
  updated_at: dateTime,
});

/** A file answer: the body is the document itself, with Content-Disposition naming the file. */
export const fileCall = (description: string): FastifySchema => ({
  headers: tenantHeaders,
  body: noBody,
  response: { 200: { type: 'string', description } },
});

export const authenticated = { auth: true };
