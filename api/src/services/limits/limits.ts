// Every "N per window per user, else 429" of the API, in one table, and the one call that enforces them.
// Each limit is counted from the rows that its action stores (a ticket, a message, an upload, a sent-mail event),
// so it holds across API instances and follows the injected clock in tests. `reserve` takes a PostgreSQL
// advisory lock on the subject for the rest of the caller's transaction, counts, and stores the caller's row
// before the lock is let go: parallel requests for one subject, on any instance, are counted one after another,
// so a burst stores no more than the limit. Work that is slow or talks to another server (a mail, a file
// transfer) runs after the transaction, never under the lock: its row is stored first and deleted again if the
// work fails. A client's rows are counted through their table's ownership rule (access/scope.ts, `owned`), the
// same rule every other query on those tables takes, so a limit counts exactly the rows that are the actor's.
// api/README.md lists this table ("Per-user limits"); test/limits.test.ts keeps the two in step.
import { sql } from 'kysely';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { AuthEventsTable, Database } from '../../db/database.js';
import { lockSubject } from '../../db/subject-lock.js';
import { tooMany } from '../../errors.js';
import { owned } from '../access/scope.js';
import { hit } from '../throttle/rate-limit-store.js';
import type { Actor } from '../access/scope.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Where a limit's rows are: the table, the column naming the user (for a client-owned table, the party of its
 * ownership rule the actor counts as), and for auth events the kind.
 */
type Source =
  | { table: 'support_tickets' | 'testimonials' | 'referrals'; user: 'user_id' }
  | { table: 'emails'; user: 'from_user_id' }
  | { table: 'mail_attachments'; user: 'uploader_id' }
  | { table: 'task_shares' | 'metric_shares'; user: 'client_id' }
  | { table: 'auth_events'; user: 'subject'; kind: AuthEventsTable['kind'] };

interface Limit {
  count: number;
  windowMs: number;
  /** At least this long between two rows (the sign-in mails' one a minute); none when absent. */
  gapMs?: number;
  /** Whose rows count: a client's own actions ('user'), or mails to an account, sent before anyone signs in. */
  scope: 'user' | 'account';
  /** The plural the 429 names: "Too many tickets. Try again in N seconds." */
  what: string;
  source: Source;
}

export const LIMITS = {
  // Enough to report several problems in a bad hour; a script filing tickets in a loop stops at five.
  tickets: {
    count: 5,
    windowMs: HOUR,
    scope: 'user',
    what: 'tickets',
    source: { table: 'support_tickets', user: 'user_id' },
  },
  testimonials: {
    count: 3,
    windowMs: 24 * HOUR,
    scope: 'user',
    what: 'testimonials',
    source: { table: 'testimonials', user: 'user_id' },
  },
  // Each referral may mail a stranger: a handful a day is real use, more is a spam cannon.
  referrals: {
    count: 10,
    windowMs: 24 * HOUR,
    scope: 'user',
    what: 'referrals',
    source: { table: 'referrals', user: 'user_id' },
  },
  // A client writes a few messages an hour; each one to the coach is also mailed, so a loop must stop early.
  messages: {
    count: 30,
    windowMs: HOUR,
    scope: 'user',
    what: 'messages',
    source: { table: 'emails', user: 'from_user_id' },
  },
  // Six full messages' worth: an upload takes storage until it is sent, discarded or purged a day later.
  uploads: {
    count: 60,
    windowMs: HOUR,
    scope: 'user',
    what: 'uploads',
    source: { table: 'mail_attachments', user: 'uploader_id' },
  },
  // Mailing a list of one's work to an address: enough for real use, useless for spamming.
  'task shares': {
    count: 5,
    windowMs: HOUR,
    scope: 'user',
    what: 'emails',
    source: { table: 'task_shares', user: 'client_id' },
  },
  'metric shares': {
    count: 5,
    windowMs: HOUR,
    scope: 'user',
    what: 'emails',
    source: { table: 'metric_shares', user: 'client_id' },
  },
  // Sign-in codes and sign-in links share one allowance (a link replaces the code).
  'sign-in mails': {
    count: 5,
    windowMs: HOUR,
    gapMs: MINUTE,
    scope: 'account',
    what: 'emails',
    source: { table: 'auth_events', user: 'subject', kind: 'otp_sent' },
  },
  'reset mails': {
    count: 5,
    windowMs: HOUR,
    gapMs: MINUTE,
    scope: 'account',
    what: 'emails',
    source: { table: 'auth_events', user: 'subject', kind: 'reset_sent' },
  },
} as const satisfies Record<string, Limit>;

type LimitName = keyof typeof LIMITS;

/** Whole seconds (at least 1) until a window of windowMs that began at `from` (or now) is over. */
export const secondsUntil = (from: Date | null, windowMs: number, now: Date): number =>
  Math.max(1, Math.ceil(((from?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));

/** An account a mail is sent to before anyone signs in: a user of a tenant, not an actor. */
interface Account {
  tenantId: number;
  userId: number;
}

/** Whose rows a limit counts: the signed-in actor for a client's own actions, else the account. */
type Subject<N extends LimitName> = (typeof LIMITS)[N]['scope'] extends 'user' ? Actor : Account;

/** The rows of `source` that are the subject's. */
function whose(source: Source, who: Actor | Account): Expression<SqlBool> {
  // auth_events names its subject as text, per kind of event; it is no one's table to scope.
  if (source.table === 'auth_events')
    return sql<SqlBool>`tenant_id = ${who.tenantId} AND subject = ${String(who.userId)} AND kind = ${source.kind}`;
  // A user-scoped limit's subject is an Actor (Subject<N>): counted as that party, hidden rows included.
  return owned(who as Actor, source.table, source.user);
}

/** The subject's rows of the limit after `since`: how many, the oldest and the newest. */
async function rowsSince(trx: Kysely<Database>, source: Source, who: Actor | Account, since: Date) {
  const { rows } = await sql<{ count: number; oldest: Date | null; newest: Date | null }>`
    SELECT count(*)::int AS count, min(created_at) AS oldest, max(created_at) AS newest
    FROM ${sql.table(source.table)}
    WHERE ${whose(source, who)} AND created_at > ${since}
  `.execute(trx);
  return rows[0]!;
}

/**
 * Stores the caller's row (`store`, given the transaction) when the limit allows one more at `at`, or throws 429
 * with the seconds until a slot frees and stores nothing. In the caller's transaction when `db` is one (the lock
 * then holds until it ends: keep the rest of it short), else in a transaction of its own.
 */
export async function reserve<N extends LimitName, T>(
  db: Kysely<Database>,
  name: N,
  who: Subject<N>,
  at: Date,
  store: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute((trx) => reserve(trx, name, who, at, store));
  const limit: Limit = LIMITS[name];
  await lockSubject(db, `limit:${name}:${who.tenantId}:${who.userId}`);
  const made = await rowsSince(db, limit.source, who, new Date(at.getTime() - limit.windowMs));
  if (limit.gapMs && made.newest && at.getTime() - made.newest.getTime() < limit.gapMs)
    throw tooMany(secondsUntil(made.newest, limit.gapMs, at), limit.what);
  if (made.count >= limit.count) throw tooMany(secondsUntil(made.oldest, limit.windowMs, at), limit.what);
  return store(db);
}

/**
 * One request of an integration API key: each key may make `perMinute` a minute, counted in the flood guard's
 * table (throttle/rate-limit-store.ts) on the database's clock, so every instance spends the one allowance.
 * Past it, 429 with the seconds until the minute ends.
 */
export async function spendKeyRequest(db: Kysely<Database>, keyId: number, perMinute: number): Promise<void> {
  const hits = await hit(db, `integration key ${keyId}`, MINUTE);
  if (hits.current > perMinute) throw tooMany(Math.max(1, Math.ceil(hits.ttl / 1000)), 'requests');
}
