// Signed coaching agreements: a tenant's agreement, or a coach's own that overrides it for
// their clients; its versions, each immutable rich text with the sha256 of its exact body; and the clients'
// signatures of a version. A version and a signature are records of what was agreed: the database itself
// refuses to change or remove them (a trigger on UPDATE, DELETE and TRUNCATE), so no code path, old or new, can
// rewrite what a client signed. A new text is a new version, which asks for a new signature.
//
// tenants.agreement_required is tenant.json's agreements.required, written with the tenant on every start.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const NOTES: Record<string, string> = {
  'agreements.coach_id': "The coach whose own agreement this is; null: the tenant's, for every other coach.",
  'agreement_versions.version': '1, 2, … per agreement: the newest is the current one.',
  'agreement_versions.body_html':
    'Sanitised rich text (contracts/rich-text.ts), exactly as shown and signed.',
  'agreement_versions.text_sha256': 'Hex sha256 of body_html as UTF-8: what a signature binds.',
  'agreement_signatures.typed_name': 'The name the client typed to sign.',
  'agreement_signatures.text_sha256': "The hash of the text the client was shown: the version's at signing.",
  'agreement_signatures.time_zone': "The signer's zone when they signed: the PDF tells the time in it.",
  'tenants.agreement_required':
    "tenant.json's agreements.required: booking and joining a group need the current version signed.",
};

const hash = (column: string) => sql.raw(`${column} ~ '^[0-9a-f]{64}$'`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agreements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('coach_id', 'integer', (c) => c.references('coaches.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One tenant agreement, and one agreement per coach.
  await sql`create unique index agreements_tenant on agreements (tenant_id) where coach_id is null`.execute(
    db,
  );
  await sql`create unique index agreements_coach on agreements (coach_id) where coach_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('agreement_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('agreement_id', 'integer', (c) => c.notNull().references('agreements.id'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('text_sha256', 'text', (c) => c.notNull().check(hash('text_sha256')))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('users.id'))
    .addUniqueConstraint('agreement_versions_number', ['agreement_id', 'version'])
    .execute();

  await db.schema
    .createTable('agreement_signatures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('agreement_versions.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('typed_name', 'text', (c) =>
      c.notNull().check(sql`length(btrim(typed_name)) between 1 and 200`),
    )
    .addColumn('agreed', 'boolean', (c) => c.notNull().check(sql`agreed`))
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('text_sha256', 'text', (c) => c.notNull().check(hash('text_sha256')))
    .addUniqueConstraint('agreement_signatures_once', ['version_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('agreement_signatures_client')
    .on('agreement_signatures')
    .columns(['client_id', 'version_id'])
    .execute();

  await sql`
    create function refuse_agreement_change() returns trigger language plpgsql as $$
    begin
      raise exception '% is a signed record: it cannot be changed or removed', tg_table_name
        using errcode = 'restrict_violation';
    end $$`.execute(db);
  for (const table of ['agreement_versions', 'agreement_signatures']) {
    await sql`create trigger ${sql.id(`${table}_immutable`)} before update or delete on ${sql.table(table)}
      for each row execute function refuse_agreement_change()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function refuse_agreement_change()`.execute(db);
  }

  await db.schema
    .alterTable('tenants')
    .addColumn('agreement_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  for (const [column, text] of Object.entries(NOTES))
    await sql`comment on column ${sql.ref(column)} is ${sql.lit(text)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('agreement_required').execute();
  // Dropping a table fires no row trigger: down is the one way these records go.
  await db.schema.dropTable('agreement_signatures').execute();
  await db.schema.dropTable('agreement_versions').execute();
  await db.schema.dropTable('agreements').execute();
  await sql`drop function refuse_agreement_change()`.execute(db);
}
