import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** What the admin's list shows of a key: never its hash. */
const listed = [
  'api_keys.id',
  'api_keys.name',
  'api_keys.scope',
  'api_keys.prefix',
  'api_keys.created_at',
  'api_keys.last_used_at',
  'api_keys.revoked_at',
] as const;

export async function insertApiKey(db: Kysely<Database>, row: Insertable<Database['api_keys']>) {
  return db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The tenant's keys, newest first, with the name of the admin who made each. */
export async function listApiKeys(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by')
    .select([...listed, 'users.first_name', 'users.last_name'])
    .where('api_keys.tenant_id', '=', tenantId)
    .orderBy('api_keys.id', 'desc')
    .execute();
}

/** Revokes a live key of the tenant; false when there is none (another tenant's id, or already revoked). */
export async function revokeApiKey(db: Kysely<Database>, tenantId: number, id: number, at: Date) {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findApiKeyByHash(db: Kysely<Database>, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'tenant_id', 'name', 'prefix', 'scope', 'last_used_at', 'revoked_at'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function touchApiKey(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
