// Meetings and lesson meetings of one client, oldest first.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export async function listMeetings(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('meetings')
    .where(owned(owner, 'meetings'))
    .leftJoin('coaches', 'coaches.id', 'meetings.coach_id')
    .leftJoin('users as coach', 'coach.id', 'coaches.user_id')
    .select([
      'meetings.id',
      'meetings.title',
      'meetings.agenda',
      'meetings.starts_at',
      'meetings.duration_minutes',
      'meetings.time_zone',
      'meetings.meeting_url',
      'meetings.place',
      'coach.first_name as coach_first_name',
      'coach.last_name as coach_last_name',
    ])
    .orderBy('meetings.starts_at')
    .orderBy('meetings.id')
    .execute();
}

/** The client's lesson meetings: all of them, or one group's (the caller's membership is checked before). */
export async function listLessonMeetings(db: Kysely<Database>, owner: Actor, groupId?: number) {
  let query = db
    .selectFrom('lesson_meetings')
    .where(owned(owner, 'lesson_meetings'))
    .select(['id', 'title', 'meeting_time', 'time_zone', 'meeting_url']);
  if (groupId !== undefined) query = query.where('group_id', '=', groupId);
  return query.orderBy('meeting_time').orderBy('id').execute();
}
