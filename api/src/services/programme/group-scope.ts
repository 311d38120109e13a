// A coach's own group: one whose coach is the signed-in coach, in their tenant. Any other id (another coach's
// group, another tenant's, none) is the same 404, so a coach cannot learn what other coaches run. The group's
// members a coach reaches are those the coach scope of access/scope.ts gives them: active members who are
// clients assigned to the coach.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export async function ownGroup(db: Kysely<Database>, coach: Actor, groupId: number) {
  const row = await db
    .selectFrom('groups as g')
    .innerJoin('coaches as c', 'c.id', 'g.coach_id')
    .select(['g.id', 'g.title', 'c.id as coach_id'])
    .where('c.user_id', '=', coach.userId)
    .where('c.tenant_id', '=', coach.tenantId)
    .where('g.tenant_id', '=', coach.tenantId)
    .where('g.id', '=', groupId)
    .executeTakeFirst();
  if (coach.role !== 'coach' || !row) throw new HttpError(404, 'Group not found.');
  return row;
}

/** The group's active members the coach reaches, by name; `user_group_id` keys their lesson analytics. */
export const groupMembers = (db: Kysely<Database>, coach: Actor, groupId: number) =>
  db
    .selectFrom('user_groups as ug')
    .where(visible(coach, 'user_groups as ug'))
    .innerJoin('users as u', 'u.id', 'ug.user_id')
    .select(['ug.id as user_group_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.time_zone'])
    .where('ug.group_id', '=', groupId)
    .where('ug.status', '=', 'active')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();

export type GroupMember = Awaited<ReturnType<typeof groupMembers>>[number];
