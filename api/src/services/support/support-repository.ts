// Support tickets, testimonials and referrals: inserts, a referral's invitation state, and the atomic claim of a
// referral invitation.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Owner } from '../client-work/owner.js';

type Submissions = 'support_tickets' | 'testimonials' | 'referrals';

export async function insertSubmission<T extends Submissions>(
  db: Kysely<Database>,
  table: T,
  row: Insertable<Database[T]>,
): Promise<{ id: number; created_at: Date }> {
  // Kysely cannot narrow a generic table's row type; each caller's row is checked against its own table above.
  return db
    .insertInto(table as Submissions)
    .values(row as Insertable<Database['support_tickets']>)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function markInvited(db: Kysely<Database>, referralId: number): Promise<void> {
  await db.updateTable('referrals').set({ invited: true }).where('id', '=', referralId).execute();
}

export async function deleteReferral(db: Kysely<Database>, referralId: number): Promise<void> {
  await db.deleteFrom('referrals').where('id', '=', referralId).execute();
}

/** Whether the user referred `email` (normalised) after `since`. */
export async function referredSince(db: Kysely<Database>, owner: Owner, email: string, since: Date) {
  const row = await db
    .selectFrom('referrals')
    .select('id')
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the right to mail an invitation to `email` at `at`: true when the address of that tenant had none since
 * `since`. One upsert, so two referrals of the same address at once cannot both mail.
 */
export async function claimInvitation(
  db: Kysely<Database>,
  q: { tenantId: number; email: string; at: Date; since: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('referral_invitations')
    .values({ tenant_id: q.tenantId, email: q.email, mailed_at: q.at })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'email'])
        .doUpdateSet({ mailed_at: q.at })
        .where('referral_invitations.mailed_at', '<=', q.since),
    )
    .returning('email')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back (its mail could not be sent), unless a later claim replaced it. */
export async function releaseInvitation(
  db: Kysely<Database>,
  q: { tenantId: number; email: string; at: Date },
): Promise<void> {
  await db
    .deleteFrom('referral_invitations')
    .where('tenant_id', '=', q.tenantId)
    .where('email', '=', q.email)
    .where('mailed_at', '=', q.at)
    .execute();
}
