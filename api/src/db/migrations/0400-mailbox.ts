// The mailbox: a reply names the message it answers (previous_id; parent_id is the thread's first message),
// each party hides a message for themselves only (the other keeps theirs), and attachments are files kept by
// the storage module under a server-made key; email_id stays null until the upload is sent with a message.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('emails')
    .addColumn('previous_id', 'integer', (c) => c.references('emails.id').onDelete('set null'))
    .addColumn('deleted_by_sender', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_by_recipient', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('emails_inbox')
    .on('emails')
    .columns(['tenant_id', 'to_user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('emails_sent')
    .on('emails')
    .columns(['tenant_id', 'from_user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('emails_thread').on('emails').column('parent_id').execute();

  await db.schema
    .createTable('mail_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_id', 'integer', (c) => c.references('emails.id').onDelete('cascade'))
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_attachments_email').on('mail_attachments').column('email_id').execute();
  await db.schema
    .createIndex('mail_attachments_unsent')
    .on('mail_attachments')
    .columns(['uploader_id', 'email_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_attachments').execute();
  await db.schema.dropIndex('emails_thread').execute();
  await db.schema.dropIndex('emails_sent').execute();
  await db.schema.dropIndex('emails_inbox').execute();
  await db.schema
    .alterTable('emails')
    .dropColumn('previous_id')
    .dropColumn('deleted_by_sender')
    .dropColumn('deleted_by_recipient')
    .execute();
}
