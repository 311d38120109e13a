// Company files (/resources): one row per sending (a description and its files), kept per company so everyone
// of the company sees them; the files themselves are in the storage module under server-made keys, like mail
// attachments. uploader_id says who sent it: only that person may rename, describe or delete it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('company_files_company')
    .on('company_files')
    .columns(['tenant_id', 'company_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('company_file_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_file_id', 'integer', (c) =>
      c.notNull().references('company_files.id').onDelete('cascade'),
    )
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('company_file_items_file')
    .on('company_file_items')
    .column('company_file_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_file_items').execute();
  await db.schema.dropTable('company_files').execute();
}
