// JSON Schemas of shared recaps: a coach's recap of a meeting, its comments and the action
// steps made from it, as the client and the coach read them, and what each may send.
import type { FromSchema } from 'json-schema-to-ts';
import { list, text } from './client.js';
import { stepFields } from './coach-inputs.js';
import { boolean, closed, integer, multiLine, nullableString, string } from './pieces.js';

const person = closed({ id: integer, first_name: string, last_name: string });

export const recapComment = closed({
  id: integer,
  author: person,
  /** Written by the reader: the app draws their own comments apart. */
  mine: boolean,
  body: string,
  created_at: string,
});

export const recapStep = closed({ id: integer, title: string, status: integer, due_date: nullableString });

export const recap = closed({
  id: integer,
  client_id: integer,
  meeting: closed({ id: integer, title: string, starts_at: string }),
  author: person,
  /** Rich text, cut to contracts/rich-text.ts (the app sanitises it again before rendering). */
  body: string,
  /** null: a draft, which only the coach reads. */
  shared_at: nullableString,
  updated_at: string,
  comments: list(recapComment),
  action_steps: list(recapStep),
});

export const meetingRecap = closed({
  meeting: closed({ id: integer, title: string, starts_at: string, client_id: integer }),
  recap: { anyOf: [{ type: 'null' }, recap] },
});

/** The coach's text of a recap: rich text, as the editor writes it. */
export const recapBody = closed({ body: text(50_000, multiLine) });
export const recapCommentBody = closed({ body: text(5_000, multiLine) });
export const recapStepInput = closed(stepFields, ['title']);

export type Recap = FromSchema<typeof recap>;
export type RecapComment = FromSchema<typeof recapComment>;
export type MeetingRecap = FromSchema<typeof meetingRecap>;
