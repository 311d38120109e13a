// Team members and tasks of one client. Every read and write filters on the owner (tenant and client), so
// ids of another client's members or tasks find nothing.
import type { Kysely, Updateable } from 'kysely';
import type { Database, TasksTable } from '../../db/database.js';
import type { Owner } from '../client-work/owner.js';

const memberColumns = ['id', 'first_name', 'last_name', 'email', 'created_at'] as const;

export async function listMembers(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom('team_members')
    .select(memberColumns)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}

export async function findMember(db: Kysely<Database>, owner: Owner, id: number) {
  return db
    .selectFrom('team_members')
    .select(memberColumns)
    .where('id', '=', id)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .executeTakeFirst();
}

export async function insertMember(
  db: Kysely<Database>,
  owner: Owner,
  fields: { first_name: string; last_name: string; email: string | null },
  at: Date,
) {
  return db
    .insertInto('team_members')
    .values({ tenant_id: owner.tenantId, client_id: owner.userId, ...fields, created_at: at, updated_at: at })
    .returning(memberColumns)
    .executeTakeFirstOrThrow();
}

function tasksQuery(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom('tasks')
    .leftJoin('team_members as m', 'm.id', 'tasks.team_member_id')
    .select([
      'tasks.id',
      'tasks.title',
      'tasks.deadline',
      'tasks.responsibility',
      'tasks.file_name',
      'tasks.status',
      'tasks.note',
      'tasks.team_member_id',
      'tasks.updated_at',
      'm.first_name as member_first_name',
      'm.last_name as member_last_name',
    ])
    .where('tasks.tenant_id', '=', owner.tenantId)
    .where('tasks.client_id', '=', owner.userId);
}

export type TaskRow = Awaited<ReturnType<typeof listTasks>>[number];

export async function listTasks(db: Kysely<Database>, owner: Owner) {
  return tasksQuery(db, owner)
    .orderBy('tasks.deadline', (o) => o.asc().nullsLast())
    .orderBy('tasks.id')
    .execute();
}

export async function findTask(db: Kysely<Database>, owner: Owner, id: number) {
  return tasksQuery(db, owner).where('tasks.id', '=', id).executeTakeFirst();
}

/** Updates the owner's task; false when there is no such task of theirs. */
export async function updateTask(
  db: Kysely<Database>,
  owner: Owner,
  id: number,
  fields: Updateable<TasksTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set(fields)
    .where('id', '=', id)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findClient(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'time_zone'])
    .where('tenant_id', '=', owner.tenantId)
    .where('id', '=', owner.userId)
    .executeTakeFirstOrThrow();
}
