// The job queue's `webhook` queue (pg-boss, migration 1895): a webhook delivery is tried by a job carrying its
// row's id, sent in the transaction that queued the delivery (the event's, "Send again"'s, re-enabling's) and,
// after a failed try, with the next try's wait (backoff.ts). It replaces the claimed loop, whose index of the
// pending rows by due time (`webhook_deliveries_due`, migration 1200) nothing reads any more: the row keeps the
// state the admin sees, the job says when to try it.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`select pgboss.create_queue('webhook', ${JSON.stringify({ policy: 'standard' })}::json)`.execute(
    db,
  );
  await db.schema.dropIndex('webhook_deliveries_due').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await sql`select pgboss.delete_queue('webhook')`.execute(db);
}
