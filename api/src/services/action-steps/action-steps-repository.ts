// Action steps and commitments of one client (the two tables share a shape). Status changes filter on the
// owner, so a foreign id updates nothing and the service answers 404.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export type BoardTable = 'action_steps' | 'commitments';

const columns = ['id', 'title', 'description', 'status', 'due_date', 'updated_at'] as const;

export async function listItems(db: Kysely<Database>, table: BoardTable, owner: Actor) {
  return db
    .selectFrom(table)
    .where(owned(owner, table))
    .select(columns)
    .orderBy('due_date', (o) => o.asc().nullsLast())
    .orderBy('id')
    .execute();
}

export async function setItemStatus(
  db: Kysely<Database>,
  table: BoardTable,
  owner: Actor,
  id: number,
  status: number,
  at: Date,
) {
  return db
    .updateTable(table)
    .where(owned(owner, table))
    .set({ status, updated_at: at })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

/** Whether the client is coached by someone in the tenant: the board is part of a coaching engagement. */
export async function hasCoach(db: Kysely<Database>, owner: Actor): Promise<boolean> {
  const row = await db
    .selectFrom('coach_clients')
    .where(owned(owner, 'coach_clients'))
    .select('coach_id')
    .executeTakeFirst();
  return row !== undefined;
}
