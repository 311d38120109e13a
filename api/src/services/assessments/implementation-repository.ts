// Implementation steps of the caller's focus areas, with the status of the action step each was put on the
// board as. The join to action_steps filters on the owner too, so a step only ever shows the caller's own item.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Owner } from '../client-work/owner.js';

interface StepFields {
  title: string;
  description: string;
  due_date: string | null;
}

const stepsOf = (db: Kysely<Database>, owner: Owner) =>
  db
    .selectFrom('implementation_steps as s')
    .leftJoin('action_steps as b', (join) =>
      join
        .onRef('b.id', '=', 's.action_step_id')
        .on('b.tenant_id', '=', owner.tenantId)
        .on('b.client_id', '=', owner.userId),
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
    ])
    .where('s.tenant_id', '=', owner.tenantId)
    .where('s.client_id', '=', owner.userId);

/** The steps of some of the caller's areas, oldest first (the order they were planned in). */
export async function listSteps(db: Kysely<Database>, owner: Owner, areaIds: number[]) {
  if (areaIds.length === 0) return [];
  return stepsOf(db, owner).where('s.area_id', 'in', areaIds).orderBy('s.id').execute();
}

export async function countSteps(db: Kysely<Database>, owner: Owner, areaId: number): Promise<number> {
  const row = await db
    .selectFrom('implementation_steps')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('area_id', '=', areaId)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * A new step of one of the caller's focus areas (checked by the service); with `onBoard`, the same title,
 * description and due date also become a to-do action step, linked to the step, in one transaction.
 */
export async function insertStep(
  db: Kysely<Database>,
  owner: Owner,
  areaId: number,
  fields: StepFields,
  onBoard: boolean,
  at: Date,
) {
  return db.transaction().execute(async (trx) => {
    const stamps = { created_at: at, updated_at: at };
    const ids = { tenant_id: owner.tenantId, client_id: owner.userId };
    const actionStep = onBoard
      ? await trx
          .insertInto('action_steps')
          .values({ ...ids, ...fields, status: 0, ...stamps })
          .returning('id')
          .executeTakeFirstOrThrow()
      : undefined;
    const step = await trx
      .insertInto('implementation_steps')
      .values({ ...ids, area_id: areaId, ...fields, action_step_id: actionStep?.id ?? null, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    return stepsOf(trx, owner).where('s.id', '=', step.id).executeTakeFirstOrThrow();
  });
}
