// Whether the integration API's message feed carries each message's subject and body: tenant.json's
// integrationApi.messageContent, written here with the tenant on every start like its default flags. Off
// unless the tenant opts in: a private conversation stays its parties' own.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('integration_message_content', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('integration_message_content').execute();
}
