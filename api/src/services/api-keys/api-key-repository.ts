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

/** The maker's standing, which a key's own depends on (api-key-service.ts). */
const maker = ['users.role_id as maker_role_id', 'users.deactivated_at as maker_deactivated_at'] as const;

/** The tenant's keys (or those one admin made), newest first, with the name and standing of each one's maker. */
export async function listApiKeys(db: Kysely<Database>, tenantId: number, createdBy?: number) {
  let query = db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by')
    .select([...listed, 'api_keys.created_by', 'users.first_name', 'users.last_name', ...maker])
    .where('api_keys.tenant_id', '=', tenantId);
  if (createdBy !== undefined) query = query.where('api_keys.created_by', '=', createdBy);
  return query.orderBy('api_keys.id', 'desc').execute();
}

/** Revokes a key of the tenant not revoked yet: the key as it was, or undefined (another tenant's id, or revoked). */
export async function revokeApiKey(db: Kysely<Database>, tenantId: number, id: number, at: Date) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'scope', 'prefix'])
    .executeTakeFirst();
}

export async function findApiKeyByHash(db: Kysely<Database>, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.tenant_id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.scope',
      'api_keys.last_used_at',
      'api_keys.revoked_at',
      ...maker,
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function touchApiKey(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
