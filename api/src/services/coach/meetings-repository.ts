// The meetings a coach schedules with their clients. Every read and change starts from the coach's scope of
// access/scope.ts (their assigned clients' meetings) and is narrowed to the meetings they hold themselves
// (coach_id), so another coach's meeting with a shared client is neither listed nor changed.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues, visible } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

/** The coach's own row (coaches.id names them on a meeting) with what an invitation says of them. */
export function coachProfile(db: Kysely<Database>, coach: Actor) {
  return db
    .selectFrom('coaches')
    .innerJoin('users', 'users.id', 'coaches.user_id')
    .select(['coaches.id', 'users.first_name', 'users.last_name', 'users.email', 'users.time_zone'])
    .where('coaches.user_id', '=', coach.userId)
    .where('coaches.tenant_id', '=', coach.tenantId)
    .executeTakeFirst();
}

/** A meeting as its mails and answers need it, with its client (`u`). */
export const columns = [
  'm.id',
  'm.client_id',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.time_zone as client_time_zone',
  'm.title',
  'm.agenda',
  'm.starts_at',
  'm.duration_minutes',
  'm.time_zone',
  'm.meeting_url',
  'm.place',
  'm.sequence',
] as const;

/** The coach's meetings ending after `from` and starting before `to`, soonest first. */
export function listMeetings(db: Kysely<Database>, coach: Actor, coachId: number, from: Date, to: Date) {
  return db
    .selectFrom('meetings as m')
    .where(visible(coach, 'meetings as m'))
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .select(columns)
    .where('m.coach_id', '=', coachId)
    .where('m.starts_at', '<', to)
    .where(sql<boolean>`m.starts_at + m.duration_minutes * interval '1 minute' > ${from}`)
    .orderBy('m.starts_at')
    .orderBy('m.id')
    .execute();
}

export function findMeeting(db: Kysely<Database>, coach: Actor, coachId: number, id: number) {
  return db
    .selectFrom('meetings as m')
    .where(owned(coach, 'meetings as m'))
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .select(columns)
    .where('m.coach_id', '=', coachId)
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export type MeetingRow = NonNullable<Awaited<ReturnType<typeof findMeeting>>>;

export interface MeetingFields {
  title: string;
  agenda: string;
  starts_at: Date;
  duration_minutes: number;
  time_zone: string;
  meeting_url: string | null;
  place: string | null;
}

export async function insertMeeting(
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  coachId: number,
  fields: MeetingFields,
) {
  const { id } = await db
    .insertInto('meetings')
    .values({ ...ownerValues(coach, 'meetings', client), coach_id: coachId, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A change of the meeting: the invitation's SEQUENCE goes up with it. */
export async function updateMeeting(
  db: Kysely<Database>,
  coach: Actor,
  coachId: number,
  id: number,
  fields: MeetingFields,
) {
  const row = await db
    .updateTable('meetings')
    .where(owned(coach, 'meetings'))
    .set({ ...fields, sequence: sql<number>`sequence + 1` })
    .where('coach_id', '=', coachId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteMeeting(db: Kysely<Database>, coach: Actor, coachId: number, id: number) {
  const row = await db
    .deleteFrom('meetings')
    .where(owned(coach, 'meetings'))
    .where('coach_id', '=', coachId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
