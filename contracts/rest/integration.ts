// The integration API's pieces: a page's query and answer, and the rows each list hands out (documented in
// the OpenAPI file generated from them, /integration/v1/openapi.json).
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { list } from './client.js';
import { boolean, closed, email, integer, line, nullableString, singleLine, string } from './pieces.js';

const nullableInteger = { type: ['integer', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

/** A people import's answer, per row in the order sent: what was (or would be) done, or its errors by field. */
export const importRow = closed({
  index: integer,
  outcome: { type: 'string', enum: ['created', 'changed', 'unchanged', 'error'] },
  person_id: nullableInteger,
  errors: { type: 'object', additionalProperties: list(string) },
});

export const pageQuery = closed(
  {
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    since: { type: 'string', format: 'date-time', ...singleLine },
    cursor: line(200, { pattern: '^[A-Za-z0-9_-]+$' }),
  },
  [],
);

/** A page of `item`s: next_cursor is null on the last page. */
export const page = <const I extends JSONSchema>(item: I) => ({
  200: closed({ data: list(item), next_cursor: nullableString }),
});

/** The coach and the client a write is about, named by email in the key's tenant. */
export const coachAndClient = { coach_email: email, client_email: email } as const;

export const rows = {
  messages: closed({
    id: integer,
    parent_id: nullableInteger,
    from_email: string,
    to_email: string,
    // null unless the tenant's tenant.json shares message content (integrationApi.messageContent).
    subject: nullableString,
    body: nullableString,
    read: boolean,
    created_at: time,
  }),
  files: closed({
    id: integer,
    // Null: a file for one client alone who has no company.
    company_id: { type: ['integer', 'null'] },
    uploader_email: string,
    recipient_email: nullableString,
    description: string,
    files: list(closed({ name: string, size: integer, content_type: string })),
    created_at: time,
  }),
  tickets: closed({
    id: integer,
    client_email: string,
    category: string,
    subject: string,
    message: string,
    status: string,
    created_at: time,
  }),
  testimonials: closed({
    id: integer,
    client_email: string,
    testimonial: string,
    display_name: string,
    approved: boolean,
    status: string,
    created_at: time,
  }),
  referrals: closed({
    id: integer,
    client_email: string,
    first_name: string,
    last_name: string,
    email: string,
    note: string,
    status: string,
    created_at: time,
  }),
  payments: closed({
    id: integer,
    client_email: string,
    group_id: integer,
    amount: integer,
    currency: string,
    status: string,
    paid_at: { type: ['string', 'null'], format: 'date-time' },
    created_at: time,
  }),
  'lesson-progress': closed({
    id: integer,
    client_email: string,
    lesson_id: integer,
    user_group_id: nullableInteger,
    pre_meeting: boolean,
    attend_meeting: boolean,
    meeting_worksheet: boolean,
    taken_quiz: boolean,
    post_meeting: boolean,
    checklist_items: integer,
    checklist_ticked: integer,
    completed: boolean,
    updated_at: time,
  }),
  goals: closed({
    id: integer,
    client_email: string,
    title: string,
    why: string,
    target_date: nullableString,
    status: string,
    milestones: integer,
    milestones_done: integer,
    action_steps: integer,
    action_steps_done: integer,
    completed_at: { type: ['string', 'null'], format: 'date-time' },
    updated_at: time,
  }),
  recaps: closed({
    id: integer,
    client_email: string,
    coach_email: string,
    meeting_id: integer,
    meeting_title: string,
    meeting_starts_at: time,
    body: string,
    comments: integer,
    shared_at: time,
    updated_at: time,
  }),
  // A draft's answers are the client's work in progress: only a submitted form's go out.
  'form-sends': closed({
    id: integer,
    client_email: string,
    form_id: integer,
    title: string,
    version: integer,
    status: { type: 'string', enum: ['draft', 'submitted'] },
    meeting_id: nullableInteger,
    due_on: nullableString,
    sent_at: time,
    submitted_at: { type: ['string', 'null'], format: 'date-time' },
    answers: { type: ['object', 'null'], additionalProperties: true },
  }),
} as const;

export type ImportRow = FromSchema<typeof importRow>;
