// Assessments and implementation: the list, an assessment's analysis, its implementation plan (the focus
// areas and how far their steps are), one focus area's steps, and adding a step. Amounts are whole units of
// the assessment's currency (currency_id; the app formats them with the code from /currencies). A step may be
// put on the action-steps board as a to-do action step: its stage is then that action step's.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { found } from '../client-work/owner.js';
import type { Actor } from '../access/scope.js';
import {
  findAssessment,
  findFocusArea,
  listAreas,
  listAssessments,
  listCurrencies,
} from './assessments-repository.js';
import { countSteps, insertStep, listSteps } from './implementation-repository.js';

/** How many steps one focus area may hold: a plan, not a task list. */
const maxStepsPerFocusArea = 100;

type AreaRow = Awaited<ReturnType<typeof listAreas>>[number];
type StepRow = Awaited<ReturnType<typeof listSteps>>[number];

const area = ({ assessment_id: _assessment, ...row }: AreaRow) => ({
  ...row,
  gap: Math.max(0, row.potential_amount - row.current_amount),
});

const focusArea = ({ id, assessment_id, name, goal, focus_rank, score }: AreaRow) => ({
  id,
  assessment_id,
  name,
  goal,
  focus_rank: focus_rank ?? 0,
  score,
});

const step = (row: StepRow) => ({
  id: row.id,
  focus_area_id: row.area_id,
  title: row.title,
  description: row.description,
  due_date: row.due_date,
  action_step:
    row.action_step_id === null || row.action_step_status === null
      ? null
      : { id: row.action_step_id, status: row.action_step_status },
  created_at: row.created_at.toISOString(),
});

// SPEC §4's action-step codes: 0 to do, 1 or 2 in progress, anything else completed.
const completed = (row: StepRow) => row.action_step_status !== null && row.action_step_status > 2;

const byRank = (a: AreaRow, b: AreaRow) => (a.focus_rank ?? 0) - (b.focus_rank ?? 0) || a.id - b.id;

interface StepInput {
  focus_area_id: number;
  title: string;
  description?: string;
  due_date?: string | null;
  add_to_action_steps: boolean;
}

export function createAssessmentsService(db: Kysely<Database>, now: () => Date) {
  const assessment = async (owner: Actor, id: number) =>
    found(await findAssessment(db, owner, id), 'Assessment');
  const focus = async (owner: Actor, id: number) => found(await findFocusArea(db, owner, id), 'Focus area');

  return {
    currencies: () => listCurrencies(db),

    async list(owner: Actor) {
      return (await listAssessments(db, owner)).map((row) => ({
        ...row,
        areas_count: row.areas_count ?? 0,
        focus_count: row.focus_count ?? 0,
        steps_count: row.steps_count ?? 0,
        created_at: row.created_at.toISOString(),
      }));
    },

    async analysis(owner: Actor, id: number) {
      const head = await assessment(owner, id);
      const areas = (await listAreas(db, owner, id)).map(area);
      const sum = (pick: (a: (typeof areas)[number]) => number) => areas.reduce((n, a) => n + pick(a), 0);
      return {
        ...head,
        created_at: head.created_at.toISOString(),
        totals: {
          current: sum((a) => a.current_amount),
          potential: sum((a) => a.potential_amount),
          gap: sum((a) => a.gap),
        },
        areas,
      };
    },

    /** The assessment's implementation plan: its focus areas, first priority first, with step counts. */
    async plan(owner: Actor, assessmentId: number) {
      await assessment(owner, assessmentId);
      const areas = (await listAreas(db, owner, assessmentId))
        .filter((a) => a.focus_rank !== null)
        .sort(byRank);
      const steps = await listSteps(
        db,
        owner,
        areas.map((a) => a.id),
      );
      return {
        assessment_id: assessmentId,
        focus_areas: areas.map((a) => {
          const own = steps.filter((s) => s.area_id === a.id);
          return {
            ...focusArea(a),
            steps_total: own.length,
            steps_on_board: own.filter((s) => s.action_step_id !== null).length,
            steps_completed: own.filter(completed).length,
          };
        }),
      };
    },

    /** One focus area ("priority") and its steps: SPEC's "implementation and data". */
    async implementation(owner: Actor, focusAreaId: number) {
      const row = await focus(owner, focusAreaId);
      const steps = await listSteps(db, owner, [row.id]);
      return { implementation: focusArea(row), data: steps.map(step) };
    },

    async addStep(owner: Actor, input: StepInput) {
      const row = await focus(owner, input.focus_area_id);
      if ((await countSteps(db, owner, row.id)) >= maxStepsPerFocusArea) {
        throw new FieldError({
          focus_area_id: [`A focus area holds at most ${maxStepsPerFocusArea} steps.`],
        });
      }
      const fields = {
        title: input.title.trim(),
        description: (input.description ?? '').trim(),
        due_date: input.due_date ?? null,
      };
      return step(await insertStep(db, owner, row.id, fields, input.add_to_action_steps, now()));
    },
  };
}
