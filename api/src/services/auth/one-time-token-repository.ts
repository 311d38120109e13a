// Password-reset tokens, sign-in links and invitations share one life: issued hashed, valid for a while, used once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type OneTimeTable = 'password_resets' | 'login_links' | 'invitations';

export interface OneTimeRow {
  tenant_id: number;
  user_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
}

export async function insertPasswordReset(db: Kysely<Database>, row: OneTimeRow): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

export async function insertInvitation(db: Kysely<Database>, row: OneTimeRow): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

export async function insertLoginLink(
  db: Kysely<Database>,
  row: OneTimeRow & { public_id: string },
): Promise<void> {
  await db.insertInto('login_links').values(row).execute();
}

/** Marks the token used and returns its user, in one statement so two concurrent uses cannot both succeed. */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  table: OneTimeTable,
  q: { tenant_id: number; token_hash: string; at: Date },
): Promise<number | undefined> {
  const row = await db
    .updateTable(table)
    .set({ used_at: q.at })
    .where('token_hash', '=', q.token_hash)
    .where('tenant_id', '=', q.tenant_id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', q.at)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Marks every unused reset link, sign-in link and invitation of the user used (after a password change, which
 * accepting an invitation is, and when the person is deactivated).
 */
export async function retireOneTimeTokens(db: Kysely<Database>, userId: number, at: Date): Promise<void> {
  for (const table of ['password_resets', 'login_links', 'invitations'] as const) {
    await db
      .updateTable(table)
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
