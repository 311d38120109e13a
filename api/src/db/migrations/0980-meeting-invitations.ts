// A meeting the coach schedules goes to the client as a calendar invitation: it may take place somewhere rather
// than online (`place`), and every change mails the invitation again under the same UID with a higher SEQUENCE,
// which calendars need to replace the copy they hold. The invitation is a mail attachment, so the outbox keeps a
// mail's attachments too (null for the plain-text mails that have none).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('meetings')
    .addColumn('place', 'text')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  await db.schema.alterTable('meetings').dropColumn('place').dropColumn('sequence').execute();
}
