// Demo group coaching and business academy (content in seed-groups-data.ts): per tenant the lessons, two
// groups led by the demo coach and the academy, all the demo coach's to edit (published, as clients see
// them); client@ joins the free group (active, with a lesson meeting per lesson) and the paid one (pending,
// not paid: its payment is the pay flow's). A group's meetings are the days of its rule at the rule's time in
// the demo business's time zone, and its meets_on text is written from the same rule, so the two always
// agree. A tenant that already has the lessons keeps its content, and a membership is added once, so seeding
// twice changes nothing. Each group lesson gets a short checklist in the business's own words (the set's).
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { meetingRoom } from './seed-client-work.js';
import { academyModules, groups, lessons, resourceTypes } from './seed-groups-data.js';
import type { DemoGroup } from './seed-groups-data.js';
import type { DemoSet } from './sets/demo-set.js';
import {
  addDays,
  describeRule,
  isoDay,
  isWorkingDay,
  localDay,
  ruleDays,
  zonedTime,
} from './working-days.js';

interface GroupsSeed {
  tenantId: number;
  /** Names the group's video-call rooms, so two tenants' groups never share one. */
  tenantSlug: string;
  coachId: number | null;
  /** client@ only (the clients with the group-coaching flag). */
  memberIds: number[];
  at: Date;
  set: DemoSet;
}

/** The group's meeting days: its rule's days from the first on or after its start. */
const meetingDays = (group: DemoGroup, seed: GroupsSeed) =>
  ruleDays(group.rule, addDays(localDay(seed.at, seed.set.timeZone), group.startDays), group.meetings);

/** A group lesson's checklist in the business's words, once (a lesson in two groups gets one list). */
async function seedChecklist(db: Kysely<Database>, seed: GroupsSeed, lessonId: number, slug: string) {
  const texts = seed.set.lessonChecklists[slug as keyof DemoSet['lessonChecklists']];
  const existing = await db
    .selectFrom('lesson_checklist_items')
    .select('id')
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  if (existing || !texts) return;
  await db
    .insertInto('lesson_checklist_items')
    .values(
      texts.map((text, index) => ({
        tenant_id: seed.tenantId,
        lesson_id: lessonId,
        text,
        sort_order: index + 1,
      })),
    )
    .execute();
}

async function seedContent(db: Kysely<Database>, seed: GroupsSeed) {
  const { tenantId, at } = seed;
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
      .values({ tenant_id: tenantId, coach_id: seed.coachId, ...lesson, ...stamps })
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
  for (const group of groups) {
    const days = meetingDays(group, seed);
    // The group closes a fortnight after its last meeting, on a working day.
    let final = addDays(days.at(-1)!, 14);
    while (!isWorkingDay(final)) final = addDays(final, 1);
    const row = await db
      .insertInto('groups')
      .values({
        tenant_id: tenantId,
        coach_id: seed.coachId,
        title: group.title,
        name: group.name,
        slug: group.slug,
        description: group.description,
        meets_on: describeRule(group.rule),
        schedule: group.schedule,
        group_type: group.group_type,
        price: group.price,
        currency: seed.set.currency.toLowerCase(),
        start_date: isoDay(days[0]!),
        end_date: isoDay(days.at(-1)!),
        final_date: isoDay(final),
        status: group.startDays < 0 ? 'active' : 'upcoming',
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, slug] of group.lessons.entries()) {
      await seedChecklist(db, seed, lessonIds.get(slug)!, slug);
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
  }
  for (const [index, module] of academyModules.entries()) {
    const row = await db
      .insertInto('academy_modules')
      .values({
        tenant_id: tenantId,
        coach_id: seed.coachId,
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

/**
 * A member's lesson meetings of an active group: one per lesson, on the group's meeting days counted from its
 * stored start (a member added by a later seed meets with the group, not on days of their own).
 */
async function seedLessonMeetings(
  db: Kysely<Database>,
  seed: GroupsSeed,
  group: DemoGroup & { id: number; start: string },
  userId: number,
) {
  const zone = seed.set.timeZone;
  const [year, month, day] = group.start.split('-').map(Number) as [number, number, number];
  const days = ruleDays(group.rule, { year, month, day }, group.lessons.length);
  await db
    .insertInto('lesson_meetings')
    .values(
      group.lessons.map((slug, index) => {
        const title = lessons.find((l) => l.slug === slug)!.title;
        return {
          tenant_id: seed.tenantId,
          client_id: userId,
          group_id: group.id,
          title: `Group lesson: ${title}`,
          meeting_time: zonedTime(days[index]!, group.rule.hour, group.rule.minute, zone),
          time_zone: zone,
          meeting_url: meetingRoom(`${seed.tenantSlug} ${group.title}`, title),
        };
      }),
    )
    .execute();
}

/** The tenant's demo lessons, groups and academy, once; then the members' memberships and lesson meetings. */
export async function seedGroups(db: Kysely<Database>, seed: GroupsSeed): Promise<void> {
  const { tenantId, at } = seed;
  const existing = await db
    .selectFrom('lessons')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('slug', '=', lessons[0]!.slug)
    .executeTakeFirst();
  if (!existing) await seedContent(db, seed);
  const rows = await db
    .selectFrom('groups')
    .select(['id', 'slug', 'group_type', 'start_date'])
    .where('tenant_id', '=', tenantId)
    .where(
      'slug',
      'in',
      groups.map((g) => g.slug),
    )
    .execute();
  for (const userId of seed.memberIds) {
    for (const row of rows) {
      const active = row.group_type !== 'paid';
      const added = await db
        .insertInto('user_groups')
        .values({
          tenant_id: tenantId,
          group_id: row.id,
          user_id: userId,
          status: active ? 'active' : 'pending',
          paid: false,
          joined_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const group = { ...groups.find((g) => g.slug === row.slug)!, id: row.id, start: row.start_date! };
      if (added && active) await seedLessonMeetings(db, seed, group, userId);
    }
  }
}
