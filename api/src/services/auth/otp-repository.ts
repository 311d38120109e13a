import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Ends the user's live challenges but `keep`: a new code retires the others (only the latest mailed code can
 * ever work), and a password change retires them all.
 */
export async function retireChallenges(
  db: Kysely<Database>,
  q: { userId: number; at: Date; keep?: string },
): Promise<void> {
  let query = db
    .updateTable('otp_challenges')
    .set({ expires_at: q.at })
    .where('user_id', '=', q.userId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', q.at);
  if (q.keep !== undefined) query = query.where('public_id', '!=', q.keep);
  await query.execute();
}

export async function insertChallenge(
  db: Kysely<Database>,
  row: {
    public_id: string;
    tenant_id: number;
    user_id: number;
    code_hash: string;
    created_at: Date;
    expires_at: Date;
  },
): Promise<void> {
  await retireChallenges(db, { userId: row.user_id, at: row.created_at, keep: row.public_id });
  await db.insertInto('otp_challenges').values(row).execute();
}

export async function findChallenge(
  db: Kysely<Database>,
  q: { tenant_id: number; user_id: number; public_id: string },
) {
  return db
    .selectFrom('otp_challenges')
    .select(['id', 'public_id', 'code_hash', 'expires_at', 'failed_attempts', 'consumed_at'])
    .where('public_id', '=', q.public_id)
    .where('tenant_id', '=', q.tenant_id)
    .where('user_id', '=', q.user_id)
    .executeTakeFirst();
}

export async function replaceCode(
  db: Kysely<Database>,
  challenge: { id: number; public_id: string; user_id: number },
  change: { code_hash: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await retireChallenges(db, { userId: challenge.user_id, at: change.created_at, keep: challenge.public_id });
  await db
    .updateTable('otp_challenges')
    .set({ ...change, failed_attempts: 0 })
    .where('id', '=', challenge.id)
    .where('consumed_at', 'is', null)
    .execute();
}

/**
 * Reserves one try before the code is compared: the counter goes up in the same statement that checks it, so
 * parallel guesses cannot get more than `maxTries` comparisons between them. Returns the tries used so far, or
 * undefined when the challenge is used, expired or out of tries.
 */
export async function reserveTry(
  db: Kysely<Database>,
  q: { id: number; at: Date; maxTries: number },
): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_challenges')
    .set({ failed_attempts: sql`failed_attempts + 1` })
    .where('id', '=', q.id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', q.at)
    .where('failed_attempts', '<', q.maxTries)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts;
}

/** Marks the challenge used; only one of two concurrent right answers gets true. */
export async function consumeChallenge(db: Kysely<Database>, q: { id: number; at: Date }): Promise<boolean> {
  const row = await db
    .updateTable('otp_challenges')
    .set({ consumed_at: q.at })
    .where('id', '=', q.id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', q.at)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
