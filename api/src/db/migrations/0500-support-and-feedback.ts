// Support tickets, testimonials and referrals: each row keeps the tenant and the user who sent it (deleted with
// them), so support answers the right person and one tenant never reads another's. referral_invitations holds
// one row per invited address and tenant: the time of its last invitation mail, so an address gets at most one
// a day however many clients refer it (the claim is one atomic upsert, see support-repository.ts).
import type { Kysely } from 'kysely';

const submission = (db: Kysely<unknown>, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));

const byUser = (db: Kysely<unknown>, table: string) =>
  db.schema.createIndex(`${table}_user`).on(table).columns(['tenant_id', 'user_id', 'created_at']).execute();

export async function up(db: Kysely<unknown>): Promise<void> {
  await submission(db, 'support_tickets')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await byUser(db, 'support_tickets');
  await submission(db, 'testimonials')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('testimonial', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    // When the client agreed to publication: the form cannot be sent without agreeing.
    .addColumn('consented_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await byUser(db, 'testimonials');
  await submission(db, 'referrals')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('invited', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await byUser(db, 'referrals');
  await db.schema
    .createTable('referral_invitations')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('referral_invitations_pkey', ['tenant_id', 'email'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['referral_invitations', 'referrals', 'testimonials', 'support_tickets'])
    await db.schema.dropTable(table).execute();
}
