// A group's members as its coach sees them: only clients assigned to the coach (access/scope.ts's coach scope
// of user_groups and lesson_analytics), each with their progress (lessons with every step and every checklist
// item ticked, of the group's published lessons) and whether their place is paid for.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { completedCount } from '../checklist/checklist-repository.js';

export async function listMembers(db: Kysely<Database>, coach: Actor, groupId: number) {
  const rows = await db
    .selectFrom('user_groups as ug')
    .where(owned(coach, 'user_groups as ug'))
    .innerJoin('users as u', 'u.id', 'ug.user_id')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select([
      'ug.id as user_group_id',
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'ug.status',
      'ug.paid',
      'g.group_type',
      completedCount(db, coach).as('completed'),
    ])
    .where('ug.group_id', '=', groupId)
    .where('ug.status', '!=', 'cancelled')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  return rows.map(({ group_type, paid, completed, ...row }) => ({
    ...row,
    completed_lessons: completed ?? 0,
    payment: group_type !== 'paid' ? ('free' as const) : paid ? ('paid' as const) : ('unpaid' as const),
  }));
}
