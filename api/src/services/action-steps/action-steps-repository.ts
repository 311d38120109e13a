// Action steps and commitments of one client (the two tables share a shape). Status changes filter on the
// owner, so a foreign id updates nothing and the service answers 404.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Owner } from '../client-work/owner.js';

export type BoardTable = 'action_steps' | 'commitments';

const columns = ['id', 'title', 'description', 'status', 'due_date', 'updated_at'] as const;

export async function listItems(db: Kysely<Database>, table: BoardTable, owner: Owner) {
  return db
    .selectFrom(table)
    .select(columns)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .orderBy('due_date', (o) => o.asc().nullsLast())
    .orderBy('id')
    .execute();
}

export async function setItemStatus(
  db: Kysely<Database>,
  table: BoardTable,
  owner: Owner,
  id: number,
  status: number,
  at: Date,
) {
  return db
    .updateTable(table)
    .set({ status, updated_at: at })
    .where('id', '=', id)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .returning(columns)
    .executeTakeFirst();
}

/** Whether the client is coached by someone in the tenant: the board is part of a coaching engagement. */
export async function hasCoach(db: Kysely<Database>, owner: Owner): Promise<boolean> {
  const row = await db
    .selectFrom('coach_clients')
    .select('coach_id')
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .executeTakeFirst();
  return row !== undefined;
}
