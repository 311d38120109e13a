// Forms (/api/v1/forms/…, /api/v1/coach/forms/…, /api/v1/coach/clients/:id/forms…): what the API checks and
// answers, and the types the app's form pages send and read. A layout's deeper rules (an option given twice, a
// condition on a later question) are contracts/forms.ts's layoutProblems, answered as a 422 like these.
import type { FromSchema } from 'json-schema-to-ts';
import { LONG_TEXT_MAX, MAX_OPTIONS, MAX_QUESTIONS, questionKinds } from '../forms.js';
import { calendarDate, dateTime, id, list, text } from './client.js';
import { boolean, closed, integer, line, multiLine, nullableString, singleLine, string } from './pieces.js';

const questionId = { type: 'string', pattern: '^[a-z][a-z0-9_]{0,39}$', ...singleLine } as const;

const question = closed(
  {
    id: questionId,
    kind: { type: 'string', enum: questionKinds, ...singleLine },
    label: text(300),
    help: { type: 'string', maxLength: 1000, ...multiLine },
    required: boolean,
    options: { type: 'array', maxItems: MAX_OPTIONS, items: text(200) },
    shown_when: closed({
      question: questionId,
      // One type list, not anyOf: ajv's coercion would turn `true` into "true" in a string branch.
      equals: { type: ['string', 'boolean'], maxLength: 200, ...singleLine },
    }),
    metric_id: id,
  },
  ['id', 'kind', 'label', 'required'],
);

export const layout = closed({
  sections: {
    type: 'array',
    minItems: 1,
    maxItems: 20,
    items: closed({
      title: line(200),
      questions: { type: 'array', maxItems: MAX_QUESTIONS, items: question },
    }),
  },
});

/**
 * A person's answers by question id. One type list rather than anyOf, so ajv's coercion keeps each value's own
 * type (in anyOf, a 1 could become `true` in a boolean branch); contracts/forms.ts checks each against its question.
 */
export const answers = {
  type: 'object',
  maxProperties: MAX_QUESTIONS,
  propertyNames: { maxLength: 40 },
  additionalProperties: {
    type: ['string', 'number', 'boolean', 'array'],
    maxLength: LONG_TEXT_MAX,
    ...multiLine,
    maxItems: MAX_OPTIONS,
    items: { type: 'string', maxLength: 200, ...singleLine },
  },
} as const;

export const formInput = closed({ title: text(200), layout }, ['title', 'layout']);

/** A form as the coach's list and builder read it: its newest version. */
export const form = closed({
  id: integer,
  title: string,
  /** True for a form of the whole tenant (an admin's); a coach's own otherwise. */
  tenant_wide: boolean,
  intake: boolean,
  archived: boolean,
  version: integer,
  layout,
  updated_at: dateTime,
});

const sendStatus = { type: 'string', enum: ['draft', 'submitted'] } as const;

/** One form sent to one client, with the version it was sent with. */
export const formSend = closed({
  id: integer,
  form_id: integer,
  title: string,
  version: integer,
  layout,
  status: sendStatus,
  answers,
  due_on: nullableString,
  meeting_id: { type: ['integer', 'null'] },
  sent_at: dateTime,
  saved_at: { type: ['string', 'null'], format: 'date-time' },
  submitted_at: { type: ['string', 'null'], format: 'date-time' },
});

/** A send in a list: what a card or a row shows. */
export const formSendSummary = closed({
  id: integer,
  title: string,
  status: sendStatus,
  due_on: nullableString,
  meeting_id: { type: ['integer', 'null'] },
  sent_at: dateTime,
  saved_at: { type: ['string', 'null'], format: 'date-time' },
  submitted_at: { type: ['string', 'null'], format: 'date-time' },
});

export const draftInput = closed({ answers });
export const submitInput = closed({ answers });

export const sendInput = closed(
  { form_id: id, due_on: calendarDate, meeting_id: { ...id, type: ['integer', 'null'] } },
  ['form_id'],
);

/** A form sent to every member of one of the coach's groups: the form and an optional due date. */
export const groupSendInput = closed({ form_id: id, due_on: calendarDate }, ['form_id']);
/** How many members got a send, and how many were passed over for an unsubmitted send of the form already. */
export const groupSent = closed({ sent: integer, skipped: integer });

export const formSends = list(formSend);
export const formSendSummaries = list(formSendSummary);
export const forms = list(form);
export const sentCount = closed({ sent: integer });

export type FormSend = FromSchema<typeof formSend>;
export type FormSendSummary = FromSchema<typeof formSendSummary>;
export type Form = FromSchema<typeof form>;
export type FormInput = FromSchema<typeof formInput>;
export type SendInput = FromSchema<typeof sendInput>;
export type GroupSendInput = FromSchema<typeof groupSendInput>;
export type GroupSent = FromSchema<typeof groupSent>;
