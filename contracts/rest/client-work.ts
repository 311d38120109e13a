// The client-work calls' payloads (schedule, notes, action steps, team) as the API checks and answers them,
// and the types the app's client screens send and read, derived from them.
import type { FromSchema } from 'json-schema-to-ts';
import type { note, task, teamMember } from './client.js';
import { boardItem, calendarDate, list, meeting, text } from './client.js';
import { closed, email, multiLine } from './pieces.js';

export const schedule = closed({
  time_zone: { type: ['string', 'null'] },
  upcoming: list(meeting),
  past: list(meeting),
});

export const noteFields = {
  title: text(200),
  body: text(20_000, multiLine),
  meeting_date: calendarDate,
} as const;
/** What the app's note form sends: every field (the API requires the title and body). */
export const noteInput = closed(noteFields);

export const board = closed({ action_steps: list(boardItem), commitments: list(boardItem) });

/** A new team member: the names required, the address optional or null. */
export const newTeamMember = closed(
  { first_name: text(100), last_name: text(100), email: { anyOf: [email, { type: 'null' }] } },
  ['first_name', 'last_name'],
);
/** What the app's team member form sends. */
export const teamMemberInput = closed(newTeamMember.properties);

export type Meeting = FromSchema<typeof meeting>;
export type Schedule = FromSchema<typeof schedule>;
export type Note = FromSchema<typeof note>;
export type NoteInput = FromSchema<typeof noteInput>;
export type BoardItem = FromSchema<typeof boardItem>;
export type Board = FromSchema<typeof board>;
export type TeamMember = FromSchema<typeof teamMember>;
export type TeamMemberInput = FromSchema<typeof teamMemberInput>;
export type Task = FromSchema<typeof task>;
