// JSON Schemas of a client's goals: each with its milestones, linked action steps and
// progress (computed by the API: goals-service.ts's progressOf), and what the client or their coach may send.
import type { FromSchema } from 'json-schema-to-ts';
import { calendarDate, id, list, text } from './client.js';
import { boolean, closed, integer, multiLine, nullableString, singleLine, string } from './pieces.js';

export const GOAL_STATUSES = ['open', 'completed', 'dropped'] as const;
const status = { type: 'string', enum: GOAL_STATUSES } as const;

export const goal = closed({
  id: integer,
  client_id: integer,
  by_client: boolean,
  title: string,
  why: string,
  target_date: nullableString,
  status,
  completed_at: nullableString,
  created_at: string,
  updated_at: string,
  /** 0-100: done milestones and done linked steps over all of them (100 once completed). */
  progress: integer,
  milestones: list(closed({ id: integer, title: string, done: boolean })),
  action_steps: list(closed({ id: integer, title: string, status: integer, due_date: nullableString })),
});

const why = { type: 'string', maxLength: 2_000, ...multiLine } as const;

export const newGoal = closed(
  {
    title: text(200),
    why,
    target_date: calendarDate,
    milestones: { type: 'array', maxItems: 20, items: text(200) },
  },
  ['title'],
);
export const goalChange = {
  ...closed({ title: text(200), why, target_date: calendarDate, status: { ...status, ...singleLine } }, []),
  minProperties: 1,
} as const;
export const newMilestone = closed({ title: text(200) });
export const milestoneChange = {
  ...closed({ title: text(200), done: boolean }, []),
  minProperties: 1,
} as const;
export const stepLink = closed({ step_id: id, linked: boolean });

export type Goal = FromSchema<typeof goal>;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export type NewGoal = FromSchema<typeof newGoal>;
export type GoalChange = FromSchema<typeof goalChange>;
