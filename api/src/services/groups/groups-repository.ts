// Groups through the caller's memberships: every query starts from user_groups scoped to the caller, so another member's or tenant's ids find nothing.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export interface MembershipFilter {
  groupId?: number;
  userGroupId?: number;
}

/** The caller's memberships that are theirs to use: not cancelled, in an active group its coach has published. */
const liveMemberships = (db: Kysely<Database>, owner: Actor) =>
  db
    .selectFrom('user_groups as ug')
    .where(owned(owner, 'user_groups as ug'))
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .where('ug.status', '!=', 'cancelled')
    .where('g.active', '=', true)
    // A group its coach is still writing is no member's yet.
    .where('g.state', '!=', 'draft');

export async function listMemberships(db: Kysely<Database>, owner: Actor, filter: MembershipFilter = {}) {
  let query = liveMemberships(db, owner)
    .leftJoin('coaches as c', 'c.id', 'g.coach_id')
    .leftJoin('users as cu', 'cu.id', 'c.user_id')
    .selectAll('g')
    .select([
      'ug.id as user_group_id',
      'ug.status as membership_status',
      'ug.paid',
      'ug.joined_at',
      'cu.email as coach_email',
      'cu.first_name as coach_first_name',
      'cu.last_name as coach_last_name',
      (eb) =>
        eb
          .selectFrom('member_group_lessons as m')
          .innerJoin('lessons as l', 'l.id', 'm.lesson_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .where('l.published', '=', true)
          .as('total_lessons'),
    ]);
  if (filter.groupId !== undefined) query = query.where('g.id', '=', filter.groupId);
  if (filter.userGroupId !== undefined) query = query.where('ug.id', '=', filter.userGroupId);
  return query.orderBy('g.start_date').orderBy('g.id').execute();
}

export type MembershipRow = Awaited<ReturnType<typeof listMemberships>>[number];

/**
 * What deciding whether a lesson is open to a member needs, in one statement: the membership (none: not the
 * caller's) and the lesson in that group (lesson_id null: not a published lesson of it).
 */
export async function findMemberLesson(
  db: Kysely<Database>,
  owner: Actor,
  userGroupId: number,
  lessonId: number,
) {
  return liveMemberships(db, owner)
    .leftJoin('member_group_lessons as m', (join) =>
      join
        .onRef('m.group_id', '=', 'g.id')
        .on('m.tenant_id', '=', owner.tenantId)
        .on('m.lesson_id', '=', lessonId),
    )
    .leftJoin('lessons as l', (join) => join.onRef('l.id', '=', 'm.lesson_id').on('l.published', '=', true))
    .select([
      'g.group_type',
      'ug.status as membership_status',
      'ug.paid',
      'l.id as lesson_id',
      'l.free_lesson',
      'm.lesson_access',
    ])
    .where('ug.id', '=', userGroupId)
    .executeTakeFirst();
}

/** The group's published lessons in the coach's order. */
export async function listGroupLessons(db: Kysely<Database>, tenantId: number, groupId: number) {
  return db
    .selectFrom('member_group_lessons as m')
    .innerJoin('lessons as l', 'l.id', 'm.lesson_id')
    .selectAll('l')
    .select(['m.lesson_order', 'm.lesson_length', 'm.lesson_access'])
    .where('m.tenant_id', '=', tenantId)
    .where('m.group_id', '=', groupId)
    .where('l.published', '=', true)
    .orderBy('m.lesson_order')
    .orderBy('l.id')
    .execute();
}

export type GroupLessonRow = Awaited<ReturnType<typeof listGroupLessons>>[number];

/** The group's recordings, less those of a lesson still in draft (its title is not the members' yet). */
export async function listRecordings(db: Kysely<Database>, tenantId: number, groupId: number) {
  return db
    .selectFrom('lesson_recordings as r')
    .leftJoin('lessons as l', 'l.id', 'r.lesson_id')
    .select(['r.id', 'r.lesson_id', 'r.title', 'r.recording_url', 'r.duration_minutes', 'r.recorded_at'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.group_id', '=', groupId)
    .where((eb) => eb.or([eb('r.lesson_id', 'is', null), eb('l.published', '=', true)]))
    .orderBy('r.recorded_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}
