// Mailing a list of one's work (tasks, metrics) to an address: 5 mails an hour per client and list, enough for
// real use and useless for spamming. Counted from the audit rows, so the limit holds across API instances and
// follows the injected clock in tests.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { tooMany } from '../../errors.js';
import { secondsUntil } from '../throttle/throttle-service.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

type ShareTable = 'task_shares' | 'metric_shares';

const shareLimits = { windowMs: 60 * 60_000, perWindow: 5 };

/**
 * Throws 429 (with the seconds until a slot frees) when the owner has used up the hour's mails of this list;
 * otherwise records this mail. Recorded before sending: a failing mail server must not turn the limit into
 * unlimited retries.
 */
export async function claimShare(
  db: Kysely<Database>,
  table: ShareTable,
  owner: Actor,
  to: string,
  at: Date,
) {
  const recent = await db
    .selectFrom(table)
    .where(owned(owner, table))
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('created_at', '>', new Date(at.getTime() - shareLimits.windowMs))
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= shareLimits.perWindow)
    throw tooMany(secondsUntil(recent.oldest as Date | null, shareLimits.windowMs, at), 'emails');
  await db
    .insertInto(table)
    .values({ ...ownerValues(owner, table), to_email: to, created_at: at })
    .execute();
}
