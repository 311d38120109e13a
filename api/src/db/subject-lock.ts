// A lock on one subject (an account's mails, a user's tickets) for the rest of a transaction: parallel
// requests for the same subject, on any API instance, wait for each other, so a limit's count and the row it
// allows are one step. Hold it only for a few statements: each request waiting for it holds a connection.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './database.js';

export async function lockSubject(trx: Kysely<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
