// Support tickets, testimonials and referrals: inserts, a referral's invitation state, and the atomic claim of a
// referral invitation.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues, visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

type Submissions = 'support_tickets' | 'testimonials' | 'referrals';

/** A submission's own fields: its owner comes from the actor. */
type Submission<T extends Submissions> = Omit<Insertable<Database[T]>, 'tenant_id' | 'user_id'>;

export async function insertSubmission<T extends Submissions>(
  db: Kysely<Database>,
  owner: Actor,
  table: T,
  row: Submission<T>,
): Promise<{ id: number; created_at: Date }> {
  // Kysely cannot narrow a generic table's row type; each caller's row is checked against its own table above.
  return db
    .insertInto(table as Submissions)
    .values({ ...ownerValues(owner, table as Submissions), ...(row as Submission<'support_tickets'>) })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function markInvited(db: Kysely<Database>, owner: Actor, referralId: number): Promise<void> {
  await db
    .updateTable('referrals')
    .where(owned(owner, 'referrals'))
    .set({ invited: true })
    .where('id', '=', referralId)
    .execute();
}

export async function deleteReferral(db: Kysely<Database>, owner: Actor, referralId: number): Promise<void> {
  await db.deleteFrom('referrals').where(owned(owner, 'referrals')).where('id', '=', referralId).execute();
}

/** Whether the user referred `email` (normalised) after `since`. */
export async function referredSince(db: Kysely<Database>, owner: Actor, email: string, since: Date) {
  const row = await db
    .selectFrom('referrals')
    .where(owned(owner, 'referrals'))
    .select('id')
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

/** The caller's own tickets, newest first, with where their coach is with each. */
export function ticketsOf(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('support_tickets')
    .where(visible(owner, 'support_tickets'))
    .select(['id', 'category', 'subject', 'message', 'status', 'status_changed_at', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
