// Forms: questionnaires a coach (their own) or an admin (the whole tenant's) builds, each edit a new immutable
// version (the JSON Schema of its answers and its layout), and each form sent to a client pinned to the version
// it was sent with, so editing a form never changes what a client was asked or answered. A send is a draft
// (saved as the client types) until it is submitted, once. The tenant's intake form goes to each new client; a
// meeting type may name a prep form, sent when such a meeting is booked.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const NOTES: Record<string, string> = {
  'forms.owner_id': "The coach whose form it is; null: the tenant's (an admin's), for every coach to send.",
  'forms.intake': "The tenant's intake form: sent once to each new client (one per tenant).",
  'form_versions.answers_schema':
    'JSON Schema (2020-12) of the answers, built from the layout (contracts/forms.ts).',
  'form_versions.layout': 'Sections, question order, help text and "shown when" conditions.',
  'form_sends.status': 'draft (saved as the client types) or submitted (once; never changed after).',
  'form_sends.sent_by': 'The coach or admin who sent it; null: sent automatically (intake, session prep).',
  'form_sends.meeting_id': 'The meeting it prepares for, if any.',
  'meeting_types.prep_form_id': 'A form sent to the client when a meeting of this type is booked.',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('forms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('intake', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('forms_intake_tenant_wide', sql`not intake or owner_id is null`)
    .execute();
  await db.schema.createIndex('forms_tenant').on('forms').columns(['tenant_id', 'owner_id']).execute();
  await db.schema
    .createIndex('forms_one_intake')
    .on('forms')
    .column('tenant_id')
    .unique()
    .where(sql.ref('intake'), '=', true)
    .execute();

  await db.schema
    .createTable('form_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('answers_schema', 'jsonb', (c) => c.notNull())
    .addColumn('layout', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('form_versions_form_version', ['form_id', 'version'])
    .execute();

  await db.schema
    .createTable('form_sends')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('form_versions.id'))
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('meeting_id', 'integer', (c) => c.references('meetings.id').onDelete('set null'))
    .addColumn('due_on', 'date')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addCheckConstraint('form_sends_status', sql`status in ('draft', 'submitted')`)
    .addCheckConstraint('form_sends_submitted_at', sql`(status = 'submitted') = (submitted_at is not null)`)
    .execute();
  await db.schema
    .createIndex('form_sends_client')
    .on('form_sends')
    .columns(['client_id', 'sent_at'])
    .execute();
  await db.schema.createIndex('form_sends_meeting').on('form_sends').column('meeting_id').execute();

  await db.schema
    .alterTable('meeting_types')
    .addColumn('prep_form_id', 'integer', (c) => c.references('forms.id').onDelete('set null'))
    .execute();

  for (const [column, text] of Object.entries(NOTES))
    await sql`comment on column ${sql.ref(column)} is ${sql.lit(text)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meeting_types').dropColumn('prep_form_id').execute();
  await db.schema.dropTable('form_sends').execute();
  await db.schema.dropTable('form_versions').execute();
  await db.schema.dropTable('forms').execute();
}
