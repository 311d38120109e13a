// The company files' queries. Reads are scoped to the caller's company and changes to what the caller sent
// there (access/scope.ts), so another company's or tenant's ids find nothing and change nothing; the service
// answers 403 to a colleague's file before any change.
import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues, self, visible } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

/**
 * The caller, with the company whose files they use; a coach acting through one client (`clientId`) sees the
 * company's files and that client's own, not those a colleague of theirs alone was sent. No company (null):
 * only the files for that one client alone (the caller, when they are the client), whatever their company.
 */
export type CompanyScope = Actor & { companyId: number | null; clientId?: number };

/** The sendings (`f`) a coach sees through one client: the whole company's, and the client's own. */
const throughClient = (clientId: number) =>
  sql<SqlBool>`(f.recipient_id is null or f.recipient_id = ${clientId})`;

/** The sendings (`f`) of the scope, within what the actor may see at all (`visible`). */
export function inScope(scope: CompanyScope) {
  if (scope.companyId === null) return sql<SqlBool>`f.recipient_id = ${scope.clientId ?? scope.userId}`;
  const company = sql<SqlBool>`f.company_id = ${scope.companyId}`;
  return scope.clientId === undefined
    ? company
    : sql<SqlBool>`${company} and ${throughClient(scope.clientId)}`;
}

/** The actor's company (null when they have none), or undefined when their user is gone. */
export async function companyOf(db: Kysely<Database>, actor: Actor) {
  const row = await db.selectFrom('users').select('company_id').where(self(actor)).executeTakeFirst();
  return row?.company_id;
}

/** The company's sendings, newest first, with who sent each and whether that person is a coach. */
export function listFiles(db: Kysely<Database>, scope: CompanyScope, id?: number) {
  let q = db
    .selectFrom('company_files as f')
    .where(visible(scope, 'company_files as f'))
    .innerJoin('users as u', 'u.id', 'f.uploader_id')
    .leftJoin('coaches as c', 'c.user_id', 'f.uploader_id')
    .select([
      'f.id',
      'f.company_id',
      'f.uploader_id',
      'f.recipient_id',
      'f.description',
      'f.created_at',
      'f.updated_at',
      'u.first_name',
      'u.last_name',
      'c.id as coach_id',
    ]);
  q = q.where(inScope(scope));
  if (id !== undefined) q = q.where('f.id', '=', id);
  return q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').execute();
}

export function itemsOf(db: Kysely<Database>, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('company_file_items')
    .select(['id', 'company_file_id', 'name', 'size', 'content_type', 'created_at'])
    .where('company_file_id', 'in', fileIds)
    .orderBy('id')
    .execute();
}

/** A sending of the company: its uploader, for the service's rule on who may change it. */
export function findFile(db: Kysely<Database>, scope: CompanyScope, id: number) {
  return db
    .selectFrom('company_files')
    .where(visible(scope, 'company_files'))
    .select(['id', 'uploader_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

interface NewItem {
  object_key: string;
  name: string;
  size: number;
  content_type: string;
}

/** Records a sending to the scope's company, or to `to` alone when given (a client assigned to the coach). */
export async function insertFile(
  db: Kysely<Database>,
  scope: CompanyScope,
  description: string,
  items: NewItem[],
  at: Date,
  to?: AssignedClient,
) {
  const row = await db
    .insertInto('company_files')
    .values({
      ...ownerValues(scope, 'company_files', to),
      description,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (items.length > 0) {
    await db
      .insertInto('company_file_items')
      .values(items.map((item) => ({ ...item, company_file_id: row.id, created_at: at })))
      .execute();
  }
  return row.id;
}

/** Marks a sending of the caller changed at `at`, with its new description when one is given. */
export async function touchFile(
  db: Kysely<Database>,
  scope: CompanyScope,
  id: number,
  at: Date,
  description?: string,
) {
  await db
    .updateTable('company_files')
    .where(owned(scope, 'company_files'))
    .set({ ...(description !== undefined && { description }), updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Renames a file of the sending `fileId`; false when the item is not one of its files. */
export async function renameItem(db: Kysely<Database>, fileId: number, itemId: number, name: string) {
  const result = await db
    .updateTable('company_file_items')
    .set({ name })
    .where('company_file_id', '=', fileId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function itemNames(db: Kysely<Database>, fileId: number) {
  return db
    .selectFrom('company_file_items')
    .select(['id', 'name'])
    .where('company_file_id', '=', fileId)
    .execute();
}

/** Deletes a sending of the caller (checked by the service) and its files' rows; the storage keys to remove. */
export async function deleteFile(db: Kysely<Database>, scope: CompanyScope, id: number) {
  const items = await db
    .deleteFrom('company_file_items')
    .where('company_file_id', '=', id)
    .returning('object_key')
    .execute();
  await db.deleteFrom('company_files').where(owned(scope, 'company_files')).where('id', '=', id).execute();
  return items.map((i) => i.object_key);
}

/** One file of the scope (a coach's visibility reaches several companies: only the scope's), for its download. */
export function findItem(db: Kysely<Database>, scope: CompanyScope, itemId: number) {
  return db
    .selectFrom('company_file_items as i')
    .innerJoin('company_files as f', (join) =>
      join.onRef('f.id', '=', 'i.company_file_id').on(visible(scope, 'company_files as f')),
    )
    .select(['i.object_key', 'i.name', 'i.content_type'])
    .where(inScope(scope))
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}
