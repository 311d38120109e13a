// A client's goals: a title, why, a target date and a status (open, completed, dropped), with
// milestones and linked action steps, written by the client or by their coach (one service, the caller's scope
// deciding whose goals it reaches). Completing a goal records `goal.completed` for the tenant's webhooks, once:
// only the change from another status to completed records it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor, AssignedClient } from '../access/scope.js';
import { notFound } from '../client-work/owner.js';
import { recordEvent } from '../events/record-event.js';
import {
  deleteMilestone,
  findGoal,
  insertGoal,
  insertMilestones,
  linkStep,
  linkedSteps,
  listGoals,
  milestonesOf,
  updateGoal,
  updateMilestone,
  type GoalFields,
  type GoalRow,
} from './goals-repository.js';

const iso = (at: Date) => at.toISOString();

/** An action step counts as done in its board's last column (SPEC §4: 0 to do, 1 or 2 in progress, else done). */
const stepDone = (status: number) => status > 2;

/**
 * A goal's progress, a whole percentage: its finished milestones and done linked steps over all of them, each
 * counting one (a goal is as far as the pieces it was cut into). A completed goal is 100 whatever is left open;
 * a goal with no pieces yet is 0 until it is completed.
 */
export function progressOf(
  status: string,
  milestones: readonly { done: boolean }[],
  steps: readonly { status: number }[],
): number {
  if (status === 'completed') return 100;
  const total = milestones.length + steps.length;
  if (total === 0) return 0;
  const done = milestones.filter((m) => m.done).length + steps.filter((s) => stepDone(s.status)).length;
  return Math.floor((done * 100) / total);
}

interface NewGoal {
  title: string;
  why?: string | undefined;
  target_date?: string | null | undefined;
  milestones?: string[] | undefined;
}

export function createGoalsService(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db, now } = deps;

  async function shape(actor: Actor, rows: GoalRow[]) {
    const ids = rows.map((r) => r.id);
    const [milestones, steps] = await Promise.all([
      milestonesOf(db, actor, ids),
      linkedSteps(db, actor, ids),
    ]);
    return rows.map((r) => {
      const own = milestones.filter((m) => m.goal_id === r.id).map(({ goal_id: _g, ...m }) => m);
      const linked = steps.filter((s) => s.goal_id === r.id).map(({ goal_id: _g, ...s }) => s);
      return {
        id: r.id,
        client_id: r.client_id,
        /** Who wrote it: the client themself, or their coach. */
        by_client: r.author_id === r.client_id,
        title: r.title,
        why: r.why,
        target_date: r.target_date,
        status: r.status as 'open' | 'completed' | 'dropped',
        completed_at: r.completed_at === null ? null : iso(r.completed_at),
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
        progress: progressOf(r.status, own, linked),
        milestones: own,
        action_steps: linked,
      };
    });
  }

  const one = async (actor: Actor, id: number) => {
    const [goal] = await shape(actor, await listGoals(db, actor, { id }));
    if (!goal) throw notFound('Goal');
    return goal;
  };

  /** The goal the actor may change, and the client a coach writes its rows for. */
  async function goalOf(actor: Actor, id: number) {
    const goal = await findGoal(db, actor, id);
    if (!goal) throw notFound('Goal');
    const client: AssignedClient | undefined =
      actor.role === 'client' ? undefined : await assignedClient(db, actor, goal.client_id);
    return { goal, client };
  }

  return {
    /** The client's goals, or one of the coach's clients' (another coach's client: 404). */
    async list(actor: Actor, clientId?: number) {
      if (clientId !== undefined) await assignedClient(db, actor, clientId);
      return shape(actor, await listGoals(db, actor, clientId === undefined ? {} : { clientId }));
    },

    get: one,

    async create(actor: Actor, input: NewGoal, clientId?: number) {
      const client = clientId === undefined ? undefined : await assignedClient(db, actor, clientId);
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const goal = await insertGoal(
          trx,
          actor,
          client,
          {
            title: input.title.trim(),
            why: (input.why ?? '').trim(),
            target_date: input.target_date ?? null,
          },
          at,
        );
        await insertMilestones(
          trx,
          actor,
          client,
          goal.id,
          (input.milestones ?? []).map((t) => t.trim()),
          at,
        );
        return goal.id;
      });
      return one(actor, id);
    },

    async change(actor: Actor, id: number, fields: GoalFields) {
      const at = now();
      const { goal } = await goalOf(actor, id);
      const trimmed = {
        ...fields,
        ...(fields.title === undefined ? {} : { title: fields.title.trim() }),
        ...(fields.why === undefined ? {} : { why: fields.why.trim() }),
      };
      await db.transaction().execute(async (trx) => {
        await updateGoal(trx, actor, id, trimmed, at);
        if (fields.status === 'completed' && goal.status !== 'completed')
          await recordEvent(trx, actor.tenantId, 'goal.completed', {
            goal_id: id,
            client_id: goal.client_id,
            title: trimmed.title ?? goal.title,
            by_user_id: actor.userId,
            completed_at: iso(at),
          });
      });
      return one(actor, id);
    },

    async addMilestone(actor: Actor, id: number, title: string) {
      const { goal, client } = await goalOf(actor, id);
      await insertMilestones(db, actor, client, goal.id, [title.trim()], now());
      return one(actor, id);
    },

    async changeMilestone(
      actor: Actor,
      id: number,
      milestoneId: number,
      fields: { title?: string | undefined; done?: boolean | undefined },
    ) {
      const title = fields.title?.trim();
      const row = await updateMilestone(db, actor, id, milestoneId, {
        ...fields,
        ...(title === undefined ? {} : { title }),
      });
      if (!row) throw notFound('Milestone');
      return one(actor, id);
    },

    async removeMilestone(actor: Actor, id: number, milestoneId: number) {
      if (!(await deleteMilestone(db, actor, id, milestoneId))) throw notFound('Milestone');
      return one(actor, id);
    },

    /** Links one of the client's action steps to the goal, or unlinks it. */
    async linkStep(actor: Actor, id: number, stepId: number, linked: boolean) {
      const { goal } = await goalOf(actor, id);
      if (!(await linkStep(db, actor, goal, stepId, linked, now()))) throw notFound('Action step');
      return one(actor, id);
    },
  };
}
