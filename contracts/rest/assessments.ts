// The client's assessments and implementation (/api/v1/assessments/…, /api/v1/priorities/…,
// /api/v1/coachingportal/implementation/…): what the API answers, and the types the app's screens read.
import type { FromSchema } from 'json-schema-to-ts';
import { calendarDate, dateTime, id, list, text } from './client.js';
import { boolean, closed, integer, multiLine, nullableString, string } from './pieces.js';

export const currency = closed({ id: integer, code: string, name: string });

const assessmentHead = {
  id: integer,
  title: string,
  company: nullableString,
  currency_id: integer,
  assessed_on: string,
  created_at: dateTime,
} as const;

/** An analysis line: amounts in whole units of the assessment's currency; a focus_rank makes it a focus area. */
const area = closed({
  id: integer,
  name: string,
  score: integer,
  current_amount: integer,
  potential_amount: integer,
  gap: integer,
  focus_rank: { type: ['integer', 'null'] },
  goal: string,
});

const focusAreaFields = {
  id: integer,
  assessment_id: integer,
  name: string,
  goal: string,
  focus_rank: integer,
  score: integer,
} as const;

/** A step of a focus area; action_step is the board item it was put on the board as (status: its API code). */
export const implementationStep = closed({
  id: integer,
  focus_area_id: integer,
  title: string,
  description: string,
  due_date: nullableString,
  action_step: { anyOf: [closed({ id: integer, status: integer }), { type: 'null' }] },
  created_at: dateTime,
});

/** A new step of one of the client's focus areas; add_to_action_steps also puts it on the board as a to-do. */
export const newImplementationStep = closed(
  {
    focus_area_id: id,
    title: text(200),
    description: { type: 'string', maxLength: 2000, ...multiLine },
    due_date: calendarDate,
    add_to_action_steps: boolean,
  },
  ['focus_area_id', 'title', 'add_to_action_steps'],
);

export const assessmentSummary = closed({
  ...assessmentHead,
  areas_count: integer,
  focus_count: integer,
  steps_count: integer,
});

export const analysis = closed({
  ...assessmentHead,
  totals: closed({ current: integer, potential: integer, gap: integer }),
  areas: list(area),
});

/** A focus area; focus_rank 1 is the first priority. */
export const focusArea = closed(focusAreaFields);

export const implementationPlan = closed({
  assessment_id: integer,
  focus_areas: list(
    closed({ ...focusAreaFields, steps_total: integer, steps_on_board: integer, steps_completed: integer }),
  ),
});

/** SPEC §7: "Returns implementation and data", the focus area and its steps side by side. */
export const priorityImplementation = closed({ data: list(implementationStep), implementation: focusArea });

export type Currency = FromSchema<typeof currency>;
/** What the step form sends: every field. */
export type StepInput = Required<FromSchema<typeof newImplementationStep>>;
export type AssessmentSummary = FromSchema<typeof assessmentSummary>;
export type AssessmentHead = Omit<AssessmentSummary, 'areas_count' | 'focus_count' | 'steps_count'>;
export type Analysis = FromSchema<typeof analysis>;
export type FocusArea = FromSchema<typeof focusArea>;
export type Plan = FromSchema<typeof implementationPlan>;
export type PlannedFocusArea = Plan['focus_areas'][number];
export type ImplementationStep = FromSchema<typeof implementationStep>;
export type PriorityImplementation = FromSchema<typeof priorityImplementation>;
