// How often one user may send a ticket, testimonial or referral: counted from the rows themselves, so the limits
// hold across API instances and follow the injected clock in tests. Tickets and testimonials are counted and
// stored in one step (insertWithinLimit), so a burst of parallel submissions stores no more than the limit.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { lockSubject } from '../../db/subject-lock.js';
import { tooMany } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { secondsUntil } from '../throttle/throttle-service.js';
import { insertSubmission, sentSince } from './support-repository.js';
import type { Submission, Submissions } from './support-repository.js';

interface PerUserLimit<T extends Submissions = Submissions> {
  table: T;
  /** The plural the 429 names: "Too many tickets. Try again in N seconds." */
  what: string;
  perWindow: number;
  windowMs: number;
}

const HOUR = 60 * 60_000;

export const limits = {
  // Enough to report several problems in a bad hour; a script filing tickets in a loop stops at five.
  tickets: { table: 'support_tickets', what: 'tickets', perWindow: 5, windowMs: HOUR },
  testimonials: { table: 'testimonials', what: 'testimonials', perWindow: 3, windowMs: 24 * HOUR },
  // Each referral may mail a stranger: a handful a day is real use, more is a spam cannon.
  referrals: { table: 'referrals', what: 'referrals', perWindow: 10, windowMs: 24 * HOUR },
} satisfies Record<string, PerUserLimit>;

/** Throws 429 (with the seconds until a slot frees) when the user has used up the limit at `at`. */
export async function checkLimit(db: Kysely<Database>, limit: PerUserLimit, owner: Actor, at: Date) {
  const sent = await sentSince(db, limit.table, owner, new Date(at.getTime() - limit.windowMs));
  if (sent.count >= limit.perWindow) throw tooMany(secondsUntil(sent.oldest, limit.windowMs, at), limit.what);
}

/** Checks the limit and stores the row under a lock on the user's rows of that table: one step for a burst. */
export function insertWithinLimit<T extends Submissions>(
  db: Kysely<Database>,
  limit: PerUserLimit<T>,
  owner: Actor,
  at: Date,
  row: Submission<T>,
) {
  return db.transaction().execute(async (trx) => {
    await lockSubject(trx, `${limit.table}:${owner.tenantId}:${owner.userId}`);
    await checkLimit(trx, limit, owner, at);
    return insertSubmission(trx, owner, limit.table, row);
  });
}
