// Flash-coaching lessons. A lesson (tenant content, migration 0700) is a flash-coaching lesson of a client's
// assessment when assessment_progress has a row for it: SPEC §3's progress record, whose path is the lesson's
// slug and whose access 1 opens the lesson (0 lists it locked). Access needs that row for the caller's own
// assessment (SPEC §6). flash_analytics keeps one row per client, assessment and lesson, with each field's
// client time in field_times so a batch applied twice, or late, never undoes a newer value.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assessment_progress')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('assessments.id').onDelete('cascade'),
    )
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('access', 'integer', (c) => c.notNull().defaultTo(0))
    // The lesson's place in the client's list.
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('assessment_progress_path', ['assessment_id', 'path'])
    .execute();
  await db.schema
    .createTable('flash_analytics')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('assessments.id').onDelete('cascade'),
    )
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('taken_quiz', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('profit_impact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('field_times', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('flash_analytics_lesson', ['user_id', 'assessment_id', 'lesson_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['flash_analytics', 'assessment_progress']) await db.schema.dropTable(table).execute();
}
