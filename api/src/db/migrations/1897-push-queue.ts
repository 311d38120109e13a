// The job queue's `push` queue (pg-boss, migration 1895): a notification whose person keeps push on for its kind
// is sent to their devices by a job queued in the transaction that raised it, so a rolled-back change pushes
// nothing, and a push service that is down is tried again with the queue's backoff.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`select pgboss.create_queue('push', ${JSON.stringify({ policy: 'standard' })}::json)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`select pgboss.delete_queue('push')`.execute(db);
}
