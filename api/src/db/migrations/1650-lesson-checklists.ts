// A lesson's checklist: plain-text items the coach writes and orders, and each member's ticks of them. A tick
// is one row per member, item and membership (null membership: an academy lesson), holding the client's time
// and id of the change that set it, so a replayed or late tick never undoes a newer one (the lesson analytics'
// newest-wins rule). Deleting an item drops its ticks; deleting a lesson drops both.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lesson_checklist_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('lesson_checklist_items_lesson')
    .on('lesson_checklist_items')
    .columns(['lesson_id', 'sort_order'])
    .execute();
  await db.schema
    .createTable('lesson_checklist_ticks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_group_id', 'integer', (c) => c.references('user_groups.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('lesson_checklist_items.id').onDelete('cascade'),
    )
    .addColumn('ticked', 'boolean', (c) => c.notNull())
    // The client's time (epoch ms) and id of the change that set `ticked`.
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .addColumn('change_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index lesson_checklist_ticks_key on lesson_checklist_ticks
    (user_id, item_id, coalesce(user_group_id, 0))`.execute(db);
  await db.schema
    .createIndex('lesson_checklist_ticks_lesson')
    .on('lesson_checklist_ticks')
    .columns(['lesson_id', 'user_group_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lesson_checklist_ticks').execute();
  await db.schema.dropTable('lesson_checklist_items').execute();
}
