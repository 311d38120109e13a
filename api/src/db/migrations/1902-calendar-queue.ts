// The job queue's `calendar` queue (pg-boss, migration 1895): each outside calendar's next fetch is a job, sent in
// the transaction that records the last one, so the schedule's claim, lease and `next_fetch_at` go. Its policy is
// `stately`: at most one job a connection waits (and one runs), so a Refresh click can never pile jobs up. The
// connections already there get their first job from the instances that run jobs, at start
// (calendar-schedule.ts's planCalendarFetches), from each one's last fetch.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`select pgboss.create_queue('calendar', ${JSON.stringify({ policy: 'stately' })}::json)`.execute(
    db,
  );
  // Its index (calendar_connections_due) goes with it.
  await db.schema.alterTable('calendar_connections').dropColumn('next_fetch_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('calendar_connections')
    .addColumn('next_fetch_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('calendar_connections_due')
    .on('calendar_connections')
    .column('next_fetch_at')
    .execute();
  await sql`select pgboss.delete_queue('calendar')`.execute(db);
}
