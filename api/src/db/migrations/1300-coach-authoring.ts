// The coach authors groups, lessons and the academy. A group gets a capacity (null: no limit) and an authoring
// state: 'draft' (its members do not see it yet), 'open' or 'closed' (members see it; no one new joins a
// closed one). Lessons and academy modules get the coach who owns them: a coach changes only their own
// content. Existing content goes to the coach of the group (or, for the academy, of the lessons) it is in.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('groups')
    .addColumn('capacity', 'integer')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .execute();
  for (const table of ['lessons', 'academy_modules'])
    await db.schema
      .alterTable(table)
      .addColumn('coach_id', 'integer', (c) => c.references('coaches.id').onDelete('set null'))
      .execute();
  await sql`update lessons l set coach_id = (
    select g.coach_id from member_group_lessons m join groups g on g.id = m.group_id
    where m.lesson_id = l.id and g.coach_id is not null order by g.id limit 1)`.execute(db);
  await sql`update academy_modules am set coach_id = (
    select l.coach_id from academy_lessons a join lessons l on l.id = a.lesson_id
    where a.module_id = am.id and l.coach_id is not null order by a.lesson_order limit 1)`.execute(db);
  // Lessons only in the academy take the coach of their module.
  await sql`update lessons l set coach_id = (
    select am.coach_id from academy_lessons a join academy_modules am on am.id = a.module_id
    where a.lesson_id = l.id order by am.id limit 1) where l.coach_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lessons', 'academy_modules'])
    await db.schema.alterTable(table).dropColumn('coach_id').execute();
  await db.schema.alterTable('groups').dropColumn('capacity').dropColumn('state').execute();
}
