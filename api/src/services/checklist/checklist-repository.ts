// A lesson's checklist and the members' ticks of it. Items are tenant content (the coach's, through the lesson);
// ticks are the member's own rows, read and written through the ownership rule (access/scope.ts).
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { GROUP_STEPS, lessonSteps } from '../groups/lesson-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The items of these lessons in the coach's order. */
export const listItems = (db: Db, tenantId: number, lessonIds: number[]) =>
  lessonIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('lesson_checklist_items')
        .select(['id', 'lesson_id', 'text'])
        .where('tenant_id', '=', tenantId)
        .where('lesson_id', 'in', lessonIds)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();

/** The member's ticks of a lesson in one context (null: the academy), locked when asked (the tick's writer). */
export function listTicks(db: Db, owner: Actor, lessonId: number, userGroupId: number | null, lock = false) {
  let query = db
    .selectFrom('lesson_checklist_ticks')
    .where(owned(owner, 'lesson_checklist_ticks'))
    .select(['item_id', 'ticked', 'changed_at', 'change_id'])
    .where('lesson_id', '=', lessonId)
    .where('user_group_id', userGroupId === null ? 'is' : '=', userGroupId);
  if (lock) query = query.forUpdate();
  return query.execute();
}

/** Per member, lesson and membership, how many items they ticked: what the coach's progress counts. */
export const tickedCounts = (db: Db, coach: Actor, userGroupIds: number[]) =>
  userGroupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('lesson_checklist_ticks as t')
        .where(visible(coach, 'lesson_checklist_ticks as t'))
        .select(['t.user_id', 't.lesson_id'])
        .select((eb) => eb.fn.countAll<number>().as('ticked'))
        .where('t.ticked', '=', true)
        .where('t.user_group_id', 'in', userGroupIds)
        .groupBy(['t.user_id', 't.lesson_id'])
        .execute();

/** The lesson's checklist with the member's ticks, as every client read of a lesson answers it. */
export async function memberChecklist(db: Db, owner: Actor, lessonId: number, userGroupId: number | null) {
  const [items, ticks] = await Promise.all([
    listItems(db, owner.tenantId, [lessonId]),
    listTicks(db, owner, lessonId, userGroupId),
  ]);
  const ticked = new Set(ticks.filter((t) => t.ticked).map((t) => t.item_id));
  return items.map((item) => ({ id: item.id, text: item.text, ticked: ticked.has(item.id) }));
}

/**
 * For a query over `lesson_analytics as a` (already in the caller's scope): whether the member ticked every item
 * of that row's lesson in that row's context, a membership or the academy (true for a lesson without a checklist).
 */
const checklistTicked = sql<boolean>`not exists (
  select 1 from lesson_checklist_items i where i.lesson_id = a.lesson_id and not exists (
    select 1 from lesson_checklist_ticks t
    where t.item_id = i.id and t.user_id = a.user_id
      and t.user_group_id is not distinct from a.user_group_id and t.ticked))`;

const allTicked = (steps: readonly string[]) =>
  sql.join(
    steps.map((f) => sql`a.${sql.ref(f)}`),
    sql` and `,
  );

/**
 * For a query over `lesson_analytics as a`: whether that row's lesson is completed in its context, every step
 * (lesson-repository.ts's lessonSteps: a group's five, the academy's two) and every checklist item ticked, what
 * lesson.completed reports.
 */
export const lessonCompleted = sql<boolean>`(case when a.user_group_id is null then ${allTicked(
  lessonSteps(null),
)} else ${allTicked(GROUP_STEPS)} end) and ${checklistTicked}`;

/** For a query over `lesson_analytics as a`: the items of the row's lesson, and how many the member ticked. */
export const checklistCounts = {
  items: sql<number>`(select count(*)::int from lesson_checklist_items i where i.lesson_id = a.lesson_id)`,
  ticked: sql<number>`(select count(*)::int from lesson_checklist_ticks t where t.lesson_id = a.lesson_id
    and t.user_id = a.user_id and t.user_group_id is not distinct from a.user_group_id and t.ticked)`,
};

/**
 * A subquery for a query over a membership `ug` (user_groups): how many of its group's published lessons the
 * member completed, as the coach sees them.
 */
export const completedCount = (db: Db, coach: Actor) =>
  db
    .selectFrom('lesson_analytics as a')
    .where(owned(coach, 'lesson_analytics as a'))
    .innerJoin('member_group_lessons as m', 'm.lesson_id', 'a.lesson_id')
    .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
    .where(sql<boolean>`m.group_id = ug.group_id and a.user_group_id = ug.id`)
    .where('l.published', '=', true)
    .where(lessonCompleted)
    .select(sql<number>`count(*)::int`.as('n'));

/** The lessons whose checklist the member ticked whole in this membership (of those they opened). */
export async function checklistsDone(db: Db, owner: Actor, userGroupId: number) {
  const rows = await db
    .selectFrom('lesson_analytics as a')
    .where(owned(owner, 'lesson_analytics as a'))
    .select('a.lesson_id')
    .where('a.user_group_id', '=', userGroupId)
    .where(checklistTicked)
    .execute();
  return new Set(rows.map((row) => row.lesson_id));
}
