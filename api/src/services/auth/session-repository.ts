import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export async function insertAccessToken(
  db: Kysely<Database>,
  row: {
    tenant_id: number;
    user_id: number;
    token_hash: string;
    client_label: string | null;
    at: Date;
    expires_at: Date;
  },
): Promise<void> {
  const { at, ...rest } = row;
  await db
    .insertInto('access_tokens')
    .values({ ...rest, created_at: at, last_used_at: at })
    .execute();
}

/** The session by its token's hash, with its user and the user's tenant: all a signed-in request reads first. */
export async function findAccessToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'access_tokens.id',
      'access_tokens.tenant_id',
      'access_tokens.user_id',
      'access_tokens.last_used_at',
      'access_tokens.expires_at',
      'access_tokens.revoked_at',
      'users.role_id',
      'users.updated_at',
      'users.deactivated_at',
      'users.time_zone',
      'users.flags',
      'tenants.default_flags',
    ])
    .where('access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchAccessToken(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

export async function revokeAccessToken(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live access token and trusted device of a user (after a password change). */
export async function revokeAllForUser(db: Kysely<Database>, userId: number, at: Date): Promise<void> {
  for (const table of ['access_tokens', 'trusted_devices'] as const) {
    await db
      .updateTable(table)
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

export async function insertTrustedDevice(
  db: Kysely<Database>,
  row: {
    tenant_id: number;
    user_id: number;
    token_hash: string;
    client_label: string | null;
    created_at: Date;
    expires_at: Date;
  },
): Promise<void> {
  await db.insertInto('trusted_devices').values(row).execute();
}

export async function isTrustedDevice(
  db: Kysely<Database>,
  q: { tenant_id: number; user_id: number; token_hash: string; at: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_devices')
    .select('id')
    .where('token_hash', '=', q.token_hash)
    .where('tenant_id', '=', q.tenant_id)
    .where('user_id', '=', q.user_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', q.at)
    .executeTakeFirst();
  return row !== undefined;
}
