// The mail outbox onto the job queue (pg-boss, migration 1895): a mail that could not be sent keeps its row in
// mail_outbox (the message, its tries, the last error), and its next try is a job of the `mail` queue carrying
// the row's id, sent in the transaction that queues or reschedules it. The queue's claim replaces the outbox's
// own (a lease on next_attempt_at, claimed by a loop of every instance), so that column and its index go. Rows
// waiting at the upgrade get a job each, due when their next try was.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`select pgboss.create_queue('mail', ${JSON.stringify({ policy: 'standard' })}::json)`.execute(db);
  // As sendJobs sends them (job-queue.ts, mail/outbox-repository.ts): the row's id and the try it is for.
  await sql`insert into pgboss.job
      (name, data, start_after, expire_in, retry_limit, retry_delay, retry_backoff, keep_until, policy)
    select 'mail', jsonb_build_object('id', id, 'attempt', attempts), next_attempt_at, interval '15 minutes',
      6, 30, true, greatest(next_attempt_at, now()) + interval '14 days', 'standard'
    from mail_outbox`.execute(db);
  await db.schema.dropIndex('mail_outbox_due').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('next_attempt_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Each mail's next try as its waiting job had it; one whose job is gone or running is due now.
  await sql`update mail_outbox set next_attempt_at = j.start_after from pgboss.job j
    where j.name = 'mail' and j.state < 'active' and (j.data->>'id')::int = mail_outbox.id`.execute(db);
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').column('next_attempt_at').execute();
  // pg-boss refuses to delete a queue that still holds jobs.
  await sql`delete from pgboss.job where name = 'mail'`.execute(db);
  await sql`select pgboss.delete_queue('mail')`.execute(db);
}
