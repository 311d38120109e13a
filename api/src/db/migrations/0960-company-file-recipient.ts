// A coach's file for one client alone: recipient_id names the client a sending is for, and then only that client
// (besides whoever sent it, and the client's coach) sees it, never their colleagues; null keeps a sending the
// whole company's, as every sending before this was. The scope rule (access/scope.ts) reads it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('company_files')
    .addColumn('recipient_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company_files').dropColumn('recipient_id').execute();
}
