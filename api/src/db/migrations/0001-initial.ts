// The first schema: tenants and their people, plus everything login needs. Migrations take Kysely<unknown>
// on purpose: they must keep working after the Database type moves on.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const optionalText = [
  'website',
  'profile_pic',
  'title',
  'location',
  'time_zone',
  'phone_number',
  'facebook',
  'twitter',
  'linkedin',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('default_group_coaching', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('default_flash_coaching', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('default_business_academy', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('industry', 'text')
    .addUniqueConstraint('companies_tenant_name', ['tenant_id', 'name'])
    .execute();

  let users = db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(3))
    // Kept as text so both drivers return the same 'YYYY-MM-DD' string the app displays.
    .addColumn('birthday', 'text', (c) => c.check(sql`birthday ~ '^\\d{4}-\\d{2}-\\d{2}$'`));
  for (const column of optionalText) users = users.addColumn(column, 'text');
  await users
    .addColumn('group_coaching', 'boolean')
    .addColumn('flash_coaching', 'boolean')
    .addColumn('business_academy', 'boolean')
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('users_tenant_email', ['tenant_id', 'email'])
    .execute();

  await db.schema
    .createTable('coaches')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('bio', 'text', (c) => c.notNull())
    .addColumn('specialties', 'text', (c) => c.notNull())
    .addColumn('certifications', 'text', (c) => c.notNull())
    .addColumn('years_experience', 'integer', (c) => c.notNull())
    .addColumn('booking_url', 'text')
    .execute();

  await db.schema
    .createTable('coach_clients')
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('coach_clients_pk', ['coach_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('emails')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('emails.id').onDelete('set null'))
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('emails_unread').on('emails').columns(['to_user_id', 'read']).execute();

  // Secrets handed to clients (session, device, reset and login-link tokens) are stored only as SHA-256.
  for (const table of ['access_tokens', 'trusted_devices', 'password_resets', 'login_links']) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull());
    if (table === 'access_tokens')
      builder = builder.addColumn('last_used_at', 'timestamptz', (c) => c.notNull());
    if (table === 'access_tokens' || table === 'trusted_devices') {
      builder = builder.addColumn('client_label', 'text').addColumn('revoked_at', 'timestamptz');
    } else {
      builder = builder.addColumn('used_at', 'timestamptz');
    }
    if (table === 'login_links')
      builder = builder.addColumn('public_id', 'text', (c) => c.notNull().unique());
    await builder.execute();
    await db.schema.createIndex(`${table}_user`).on(table).column('user_id').execute();
  }

  await db.schema
    .createTable('otp_challenges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('auth_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_events_subject')
    .on('auth_events')
    .columns(['tenant_id', 'kind', 'subject', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_events_ip')
    .on('auth_events')
    .columns(['kind', 'ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'auth_events',
    'otp_challenges',
    'login_links',
    'password_resets',
    'trusted_devices',
    'access_tokens',
    'emails',
    'coach_clients',
    'coaches',
    'users',
    'companies',
    'tenants',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}
