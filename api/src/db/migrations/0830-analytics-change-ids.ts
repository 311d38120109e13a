// Lesson analytics keep, beside each field's client time (field_times), the client's id of the change that set
// it (field_ids): the same change sent again, with the same id and time, is then told from a new one and
// ignored (services/lesson-analytics/newest-wins.ts).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lesson_analytics')
    .addColumn('field_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lesson_analytics').dropColumn('field_ids').execute();
}
