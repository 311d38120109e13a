// Mailing a list of one's work (tasks, metrics) to an address: each mail is recorded in its list's audit table
// (task_shares, metric_shares), and those rows are what the list's limit in LIMITS counts.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { reserve } from '../limits/limits.js';

const limitOf = { task_shares: 'task shares', metric_shares: 'metric shares' } as const;

/**
 * Throws 429 (with the seconds until a slot frees) when the owner has used up the hour's mails of this list;
 * otherwise records this mail. Recorded before sending: a failing mail server must not turn the limit into
 * unlimited retries.
 */
export async function claimShare(
  db: Kysely<Database>,
  table: keyof typeof limitOf,
  owner: Actor,
  to: string,
  at: Date,
) {
  await reserve(db, limitOf[table], owner, at, (trx) =>
    trx
      .insertInto(table)
      .values({ ...ownerValues(owner, table), to_email: to, created_at: at })
      .execute(),
  );
}
