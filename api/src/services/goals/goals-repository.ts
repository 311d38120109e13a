// A client's goals, their milestones and the action steps linked to them. Every query starts from the actor's
// scope (access/scope.ts): the client's own rows, or the rows of a coach's assigned clients, so another coach's
// client's goal finds nothing (404) and changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

type GoalStatus = 'open' | 'completed' | 'dropped';

export interface GoalFields {
  title?: string | undefined;
  why?: string | undefined;
  target_date?: string | null | undefined;
  status?: GoalStatus | undefined;
}

const goalColumns = [
  'goals.id',
  'goals.client_id',
  'goals.author_id',
  'goals.title',
  'goals.why',
  'goals.target_date',
  'goals.status',
  'goals.completed_at',
  'goals.created_at',
  'goals.updated_at',
] as const;

export function listGoals(db: Kysely<Database>, actor: Actor, filter: { id?: number; clientId?: number }) {
  let query = db
    .selectFrom('goals')
    .where(owned(actor, 'goals'))
    .select(goalColumns)
    // Open goals first, the nearest target first; then the finished ones, latest first.
    .orderBy((eb) => eb.case().when('goals.status', '=', 'open').then(0).else(1).end())
    .orderBy('goals.target_date', (o) => o.asc().nullsLast())
    .orderBy('goals.id', 'desc');
  if (filter.id !== undefined) query = query.where('goals.id', '=', filter.id);
  if (filter.clientId !== undefined) query = query.where('goals.client_id', '=', filter.clientId);
  return query.execute();
}

export type GoalRow = Awaited<ReturnType<typeof listGoals>>[number];

export function milestonesOf(db: Kysely<Database>, actor: Actor, goalIds: number[]) {
  if (goalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('goal_milestones')
    .where(owned(actor, 'goal_milestones'))
    .where('goal_id', 'in', goalIds)
    .select(['id', 'goal_id', 'title', 'done'])
    .orderBy('id')
    .execute();
}

export function linkedSteps(db: Kysely<Database>, actor: Actor, goalIds: number[]) {
  if (goalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('action_steps')
    .where(owned(actor, 'action_steps'))
    .where('goal_id', 'in', goalIds)
    .select(['id', 'goal_id', 'title', 'status', 'due_date'])
    .orderBy('id')
    .execute();
}

/** A goal the actor may change, with what a change needs to know. */
export function findGoal(db: Kysely<Database>, actor: Actor, id: number) {
  return db
    .selectFrom('goals')
    .where(owned(actor, 'goals'))
    .where('id', '=', id)
    .select(['id', 'client_id', 'tenant_id', 'status', 'title'])
    .executeTakeFirst();
}

export function insertGoal(
  db: Kysely<Database>,
  actor: Actor,
  client: AssignedClient | undefined,
  goal: { title: string; why: string; target_date: string | null },
  at: Date,
) {
  return db
    .insertInto('goals')
    .values({
      ...ownerValues(actor, 'goals', client),
      author_id: actor.userId,
      ...goal,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateGoal(db: Kysely<Database>, actor: Actor, id: number, fields: GoalFields, at: Date) {
  const completing =
    fields.status === undefined ? {} : { completed_at: fields.status === 'completed' ? at : null };
  return db
    .updateTable('goals')
    .where(owned(actor, 'goals'))
    .where('id', '=', id)
    .set({ ...fields, ...completing, updated_at: at })
    .returning('id')
    .executeTakeFirst();
}

export function insertMilestones(
  db: Kysely<Database>,
  actor: Actor,
  client: AssignedClient | undefined,
  goalId: number,
  titles: string[],
  at: Date,
) {
  if (titles.length === 0) return Promise.resolve([]);
  return db
    .insertInto('goal_milestones')
    .values(
      titles.map((title) => ({
        ...ownerValues(actor, 'goal_milestones', client),
        goal_id: goalId,
        title,
        created_at: at,
      })),
    )
    .returning('id')
    .execute();
}

export function updateMilestone(
  db: Kysely<Database>,
  actor: Actor,
  goalId: number,
  id: number,
  fields: { title?: string | undefined; done?: boolean | undefined },
) {
  return db
    .updateTable('goal_milestones')
    .where(owned(actor, 'goal_milestones'))
    .where('goal_id', '=', goalId)
    .where('id', '=', id)
    .set(fields)
    .returning('id')
    .executeTakeFirst();
}

export async function deleteMilestone(db: Kysely<Database>, actor: Actor, goalId: number, id: number) {
  const result = await db
    .deleteFrom('goal_milestones')
    .where(owned(actor, 'goal_milestones'))
    .where('goal_id', '=', goalId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Links one of the client's steps to the goal (or unlinks it: null); only a step of the goal's client. */
export function linkStep(
  db: Kysely<Database>,
  actor: Actor,
  goal: { id: number; client_id: number },
  stepId: number,
  linked: boolean,
  at: Date,
) {
  let query = db
    .updateTable('action_steps')
    .where(owned(actor, 'action_steps'))
    .where('id', '=', stepId)
    .where('client_id', '=', goal.client_id)
    .set({ goal_id: linked ? goal.id : null, updated_at: at });
  // Unlinking reaches only a step of this goal.
  if (!linked) query = query.where('goal_id', '=', goal.id);
  return query.returning('id').executeTakeFirst();
}
