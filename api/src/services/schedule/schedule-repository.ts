// Meetings and lesson meetings of one client, oldest first.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Owner } from '../client-work/owner.js';

export async function listMeetings(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom('meetings')
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
      'coach.first_name as coach_first_name',
      'coach.last_name as coach_last_name',
    ])
    .where('meetings.tenant_id', '=', owner.tenantId)
    .where('meetings.client_id', '=', owner.userId)
    .orderBy('meetings.starts_at')
    .orderBy('meetings.id')
    .execute();
}

/** The client's lesson meetings: all of them, or one group's (the caller's membership is checked before). */
export async function listLessonMeetings(db: Kysely<Database>, owner: Owner, groupId?: number) {
  let query = db
    .selectFrom('lesson_meetings')
    .select(['id', 'title', 'meeting_time', 'time_zone', 'meeting_url'])
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId);
  if (groupId !== undefined) query = query.where('group_id', '=', groupId);
  return query.orderBy('meeting_time').orderBy('id').execute();
}

export async function findTimeZone(db: Kysely<Database>, owner: Owner): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('time_zone')
    .where('tenant_id', '=', owner.tenantId)
    .where('id', '=', owner.userId)
    .executeTakeFirst();
  return row?.time_zone ?? null;
}
