// Files the coach uploads to a lesson, kept in private storage: resources (a worksheet, slides, audio...) and at
// most one video per lesson. A play ticket lets a <video> element, which sends no Authorization header, fetch a
// video by a short-lived random token (stored hashed) bound to the member's session (signing out ends it);
// every request with it checks the lesson's access rule again.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lesson_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('lesson_files_kind', sql`kind in ('file', 'video')`)
    .execute();
  await db.schema.createIndex('lesson_files_lesson').on('lesson_files').column('lesson_id').execute();
  // One uploaded video a lesson: a second upload replaces the first (the service swaps them).
  await sql`create unique index lesson_files_one_video on lesson_files (lesson_id) where kind = 'video'`.execute(
    db,
  );
  await db.schema
    .createTable('lesson_file_tickets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token_id', 'integer', (c) =>
      c.notNull().references('access_tokens.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'integer', (c) => c.notNull().references('lesson_files.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_file_tickets_user')
    .on('lesson_file_tickets')
    .columns(['user_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lesson_file_tickets').execute();
  await db.schema.dropTable('lesson_files').execute();
}
