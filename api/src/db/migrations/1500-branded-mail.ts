// Every mail now has an HTML body beside its text and a Message-ID on the tenant's sending domain, both kept by
// the outbox so a mail sent again is the same mail. A client may turn off the notifications of a topic by mail
// (mail_muted: one row per topic turned off, none by default); sign-in codes, links and resets have no topic.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('html', 'text')
    .addColumn('message_id', 'text')
    .execute();
  await db.schema
    .createTable('mail_muted')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) =>
      c.notNull().check(sql`topic in ('messages', 'files', 'meetings', 'group_sessions')`),
    )
    .addPrimaryKeyConstraint('mail_muted_pkey', ['user_id', 'topic'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_muted').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('html').dropColumn('message_id').execute();
}
