// Demo group coaching and business academy (content in seed-groups-data.ts): per tenant the lessons, two
// groups led by the demo coach with a meeting recording of the free one, and the academy; client@ joins the
// free group (active) and the paid one (pending, not paid: its payment is the pay flow's). A tenant that
// already has the lessons keeps its content, and a membership is added once, so seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { academyModules, groups, lessons, resourceTypes } from './seed-groups-data.js';

const day = 24 * 60 * 60_000;
const dateOnly = (at: Date, days: number) => new Date(at.getTime() + days * day).toISOString().slice(0, 10);

async function seedContent(db: Kysely<Database>, tenantId: number, coachId: number | null, at: Date) {
  const stamps = { created_at: at, updated_at: at };
  const types = new Map<string, number>();
  for (const type of resourceTypes) {
    const row = await db
      .insertInto('lesson_resource_types')
      .values({ tenant_id: tenantId, ...type })
      .returning('id')
      .executeTakeFirstOrThrow();
    types.set(type.name, row.id);
  }
  const lessonIds = new Map<string, number>();
  for (const { resources, ...lesson } of lessons) {
    const row = await db
      .insertInto('lessons')
      .values({ tenant_id: tenantId, ...lesson, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    lessonIds.set(lesson.slug, row.id);
    for (const [order, resource] of resources.entries()) {
      await db
        .insertInto('lesson_resources')
        .values({
          tenant_id: tenantId,
          lesson_id: row.id,
          type_id: types.get(resource.type)!,
          title: resource.title,
          url: resource.url,
          sort_order: order + 1,
        })
        .execute();
    }
  }
  for (const { lessons: slugs, startDays, endDays, ...group } of groups) {
    const row = await db
      .insertInto('groups')
      .values({
        tenant_id: tenantId,
        coach_id: coachId,
        ...group,
        start_date: dateOnly(at, startDays),
        end_date: dateOnly(at, endDays),
        final_date: dateOnly(at, endDays + 14),
        status: startDays < 0 ? 'active' : 'upcoming',
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, slug] of slugs.entries()) {
      await db
        .insertInto('member_group_lessons')
        .values({
          tenant_id: tenantId,
          group_id: row.id,
          lesson_id: lessonIds.get(slug)!,
          lesson_order: index + 1,
          lesson_length: 45 + index * 15,
        })
        .execute();
    }
    if (startDays < 0) {
      await db
        .insertInto('lesson_recordings')
        .values({
          tenant_id: tenantId,
          group_id: row.id,
          lesson_id: lessonIds.get(slugs[0])!,
          title: 'Group meeting: Know your numbers',
          recording_url: 'https://recordings.example.com/profit-accelerator/meeting-1',
          duration_minutes: 58,
          recorded_at: new Date(at.getTime() - 7 * day),
        })
        .execute();
    }
  }
  for (const [index, module] of academyModules.entries()) {
    const row = await db
      .insertInto('academy_modules')
      .values({
        tenant_id: tenantId,
        title: module.title,
        description: module.description,
        module_order: index + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [order, slug] of module.lessons.entries()) {
      await db
        .insertInto('academy_lessons')
        .values({
          tenant_id: tenantId,
          module_id: row.id,
          lesson_id: lessonIds.get(slug)!,
          lesson_order: order + 1,
          lesson_length: 30,
        })
        .execute();
    }
  }
}

/** The tenant's demo lessons, groups and academy, once; then client@'s memberships (memberIds: client@ only). */
export async function seedGroups(
  db: Kysely<Database>,
  seed: { tenantId: number; coachId: number | null; memberIds: number[]; at: Date },
): Promise<void> {
  const { tenantId, at } = seed;
  const existing = await db
    .selectFrom('lessons')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('slug', '=', lessons[0]!.slug)
    .executeTakeFirst();
  if (!existing) await seedContent(db, tenantId, seed.coachId, at);
  const rows = await db
    .selectFrom('groups')
    .select(['id', 'group_type'])
    .where('tenant_id', '=', tenantId)
    .where(
      'slug',
      'in',
      groups.map((g) => g.slug),
    )
    .execute();
  for (const userId of seed.memberIds) {
    for (const group of rows) {
      await db
        .insertInto('user_groups')
        .values({
          tenant_id: tenantId,
          group_id: group.id,
          user_id: userId,
          status: group.group_type === 'paid' ? 'pending' : 'active',
          paid: false,
          joined_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .execute();
    }
    // The member's demo lesson meetings (seed-client-work) are the free group's lessons: its page lists them.
    const free = rows.find((g) => g.group_type === 'free');
    if (free) {
      await db
        .updateTable('lesson_meetings')
        .set({ group_id: free.id })
        .where('tenant_id', '=', tenantId)
        .where('client_id', '=', userId)
        .where('group_id', 'is', null)
        .execute();
    }
  }
}
