// Implementation steps of the caller's focus areas, with the status of the action step each was put on the
// board as. The join to action_steps is scoped to the owner too, so a step only ever shows the caller's own item.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

interface StepFields {
  title: string;
  description: string;
  due_date: string | null;
}

const stepsOf = (db: Kysely<Database>, owner: Actor) =>
  db
    .selectFrom('implementation_steps as s')
    .where(owned(owner, 'implementation_steps as s'))
    .leftJoin('action_steps as b', (join) =>
      join.onRef('b.id', '=', 's.action_step_id').on(owned(owner, 'action_steps as b')),
    )
    .select([
      's.id',
      's.area_id',
      's.title',
      's.description',
      's.due_date',
      's.created_at',
      'b.id as action_step_id',
      'b.status as action_step_status',
    ]);

/** The steps of some of the caller's areas, oldest first (the order they were planned in). */
export async function listSteps(db: Kysely<Database>, owner: Actor, areaIds: number[]) {
  if (areaIds.length === 0) return [];
  return stepsOf(db, owner).where('s.area_id', 'in', areaIds).orderBy('s.id').execute();
}

export async function countSteps(db: Kysely<Database>, owner: Actor, areaId: number): Promise<number> {
  const row = await db
    .selectFrom('implementation_steps')
    .where(owned(owner, 'implementation_steps'))
    .select(sql<number>`count(*)::int`.as('n'))
    .where('area_id', '=', areaId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * A new step of one of the caller's focus areas (checked by the service); with `onBoard`, the same title,
 * description and due date also become a to-do action step, linked to the step, in one transaction.
 */
export async function insertStep(
  db: Kysely<Database>,
  owner: Actor,
  areaId: number,
  fields: StepFields,
  onBoard: boolean,
  at: Date,
  // A coach writes a step for a client assigned to them; a client's own steps need none.
  client?: AssignedClient,
) {
  return db.transaction().execute(async (trx) => {
    const stamps = { created_at: at, updated_at: at };
    const actionStep = onBoard
      ? await trx
          .insertInto('action_steps')
          .values({ ...ownerValues(owner, 'action_steps', client), ...fields, status: 0, ...stamps })
          .returning('id')
          .executeTakeFirstOrThrow()
      : undefined;
    const step = await trx
      .insertInto('implementation_steps')
      .values({
        ...ownerValues(owner, 'implementation_steps', client),
        area_id: areaId,
        ...fields,
        action_step_id: actionStep?.id ?? null,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return stepsOf(trx, owner).where('s.id', '=', step.id).executeTakeFirstOrThrow();
  });
}
