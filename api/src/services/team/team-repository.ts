// Team members and tasks of one client. Every read and write is scoped to the owner, so ids of another client's members or tasks find nothing.
import type { Kysely, Updateable } from 'kysely';
import type { Database, TasksTable } from '../../db/database.js';
import { owned, ownerValues, self } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

const memberColumns = ['id', 'first_name', 'last_name', 'email', 'created_at'] as const;

export async function listMembers(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('team_members')
    .where(owned(owner, 'team_members'))
    .select(memberColumns)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}

export async function findMember(db: Kysely<Database>, owner: Actor, id: number) {
  return db
    .selectFrom('team_members')
    .where(owned(owner, 'team_members'))
    .select(memberColumns)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertMember(
  db: Kysely<Database>,
  owner: Actor,
  fields: { first_name: string; last_name: string; email: string | null },
  at: Date,
) {
  return db
    .insertInto('team_members')
    .values({ ...ownerValues(owner, 'team_members'), ...fields, created_at: at, updated_at: at })
    .returning(memberColumns)
    .executeTakeFirstOrThrow();
}

function tasksQuery(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('tasks')
    .where(owned(owner, 'tasks'))
    .leftJoin('team_members as m', (join) =>
      join.onRef('m.id', '=', 'tasks.team_member_id').on(owned(owner, 'team_members as m')),
    )
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
    ]);
}

export type TaskRow = Awaited<ReturnType<typeof listTasks>>[number];

export async function listTasks(db: Kysely<Database>, owner: Actor) {
  return tasksQuery(db, owner)
    .orderBy('tasks.deadline', (o) => o.asc().nullsLast())
    .orderBy('tasks.id')
    .execute();
}

export async function findTask(db: Kysely<Database>, owner: Actor, id: number) {
  return tasksQuery(db, owner).where('tasks.id', '=', id).executeTakeFirst();
}

/** Updates the owner's task; false when there is no such task of theirs. */
export async function updateTask(
  db: Kysely<Database>,
  owner: Actor,
  id: number,
  fields: Updateable<TasksTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .where(owned(owner, 'tasks'))
    .set(fields)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findClient(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'time_zone'])
    .where(self(owner))
    .executeTakeFirstOrThrow();
}
