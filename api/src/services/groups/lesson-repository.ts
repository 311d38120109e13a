// Lesson resources and the member's progress, shared by groups and the academy.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { FLAG_FIELDS } from '../lesson-analytics/analytics-change.js';

export async function listResources(db: Kysely<Database>, tenantId: number, lessonId: number) {
  return db
    .selectFrom('lesson_resources as r')
    .innerJoin('lesson_resource_types as t', 't.id', 'r.type_id')
    .select([
      'r.id',
      'r.title',
      'r.url',
      'r.sort_order',
      't.id as type_id',
      't.name as type_name',
      't.owner as type_owner',
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.lesson_id', '=', lessonId)
    .orderBy('r.sort_order')
    .orderBy('r.id')
    .execute();
}

/** A group lesson's steps: all five flags of SPEC §3's lesson analytics, around the group's meeting. */
export const GROUP_STEPS = FLAG_FIELDS;
/**
 * A self-paced academy lesson has no meeting: its steps are only those that make sense without one (the app's
 * components/lesson-progress.tsx offers the same two), so a stray meeting flag cannot count towards it.
 */
const ACADEMY_STEPS = ['meeting_worksheet', 'taken_quiz'] as const;

/** The steps of a lesson in its context (null: the academy); all of them ticked is the lesson completed. */
export const lessonSteps = (userGroupId: number | null) =>
  userGroupId === null ? ACADEMY_STEPS : GROUP_STEPS;

/** Whether an analytics row (undefined: none yet) has every step of its context ticked. */
export const stepsTicked = (
  row: Partial<Record<(typeof FLAG_FIELDS)[number], boolean>> | undefined,
  userGroupId: number | null,
) => row !== undefined && lessonSteps(userGroupId).every((step) => row[step] === true);

/** Per lesson, how many of its steps the member has ticked in this context (null: the academy). */
export async function stepsDone(db: Kysely<Database>, owner: Actor, userGroupId: number | null) {
  const rows = await db
    .selectFrom('lesson_analytics')
    .where(owned(owner, 'lesson_analytics'))
    .select(['lesson_id', ...GROUP_STEPS])
    .where('user_group_id', userGroupId === null ? 'is' : '=', userGroupId)
    .execute();
  const steps = lessonSteps(userGroupId);
  return new Map(rows.map((r) => [r.lesson_id, steps.filter((step) => r[step]).length]));
}
