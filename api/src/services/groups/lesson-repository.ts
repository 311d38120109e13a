// Lesson resources and the member's progress, shared by groups and the academy.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

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

/** Per lesson, how many of the five steps the member has ticked in this context (null: the academy). */
export async function stepsDone(db: Kysely<Database>, owner: Actor, userGroupId: number | null) {
  const rows = await db
    .selectFrom('lesson_analytics')
    .where(owned(owner, 'lesson_analytics'))
    .select(['lesson_id', 'pre_meeting', 'attend_meeting', 'meeting_worksheet', 'taken_quiz', 'post_meeting'])
    .where('user_group_id', userGroupId === null ? 'is' : '=', userGroupId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.lesson_id,
      [r.pre_meeting, r.attend_meeting, r.meeting_worksheet, r.taken_quiz, r.post_meeting].filter(Boolean)
        .length,
    ]),
  );
}
