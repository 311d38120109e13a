// What a group's members did with its lessons, from the analytics the client side records (one row per member,
// lesson and membership): read through the coach's scope, so only the coach's own clients' rows count.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

/** The group's lessons in their order, each with how many checklist items it has. */
export const groupLessons = (db: Kysely<Database>, tenantId: number, groupId: number) =>
  db
    .selectFrom('member_group_lessons as m')
    .innerJoin('lessons as l', 'l.id', 'm.lesson_id')
    .select(['l.id', 'l.title', 'm.lesson_order'])
    .select((eb) =>
      eb
        .selectFrom('lesson_checklist_items as i')
        .whereRef('i.lesson_id', '=', 'l.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('items'),
    )
    .where('m.tenant_id', '=', tenantId)
    .where('m.group_id', '=', groupId)
    .orderBy('m.lesson_order')
    .orderBy('l.id')
    .execute();

/** The analytics rows of these memberships. */
export const memberAnalytics = (db: Kysely<Database>, coach: Actor, userGroupIds: number[]) =>
  userGroupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('lesson_analytics as a')
        .where(visible(coach, 'lesson_analytics as a'))
        .select([
          'a.user_id',
          'a.lesson_id',
          'a.pre_meeting',
          'a.attend_meeting',
          'a.meeting_worksheet',
          'a.taken_quiz',
          'a.post_meeting',
        ])
        .where('a.user_group_id', 'in', userGroupIds)
        .execute();
