// Files for a client with no company (a coach of individuals): a sending for one client alone (recipient_id)
// needs no company, so company_id may be null, but only then: a row is always the company's or one client's.
// The scope rule (access/scope.ts) lets a client and their coach read a row addressed to that client whatever
// its company.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('company_files')
    .alterColumn('company_id', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('company_files')
    .addCheckConstraint(
      'company_files_company_or_recipient',
      sql`company_id is not null or recipient_id is not null`,
    )
    .execute();
  // The files of one client alone, listed without a company.
  await db.schema
    .createIndex('company_files_recipient')
    .on('company_files')
    .columns(['tenant_id', 'recipient_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('company_files_recipient').execute();
  // A client's own files without a company have nowhere to go in the older schema.
  await sql`delete from company_files where company_id is null`.execute(db);
  await db.schema.alterTable('company_files').dropConstraint('company_files_company_or_recipient').execute();
  await db.schema
    .alterTable('company_files')
    .alterColumn('company_id', (c) => c.setNotNull())
    .execute();
}
