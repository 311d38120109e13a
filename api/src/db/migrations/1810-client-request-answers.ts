// A coach's answers to a client's ticket, testimonial or referral, kept as well as mailed: the client reads them
// on /help beside the ticket's status, and the coach's Requests list shows what was answered. One row per answer
// (a request may be answered more than once), owned by the client whose request it answers (access/scope.ts).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_answers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('tickets', 'testimonials', 'referrals')`),
    )
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_answers_request')
    .on('request_answers')
    .columns(['tenant_id', 'kind', 'request_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_answers').execute();
}
