// A group's live sessions and recordings. A session is one row of group_sessions; each member it was scheduled
// for has a lesson meeting pointing at it (what the member's schedule lists), written through the coach's scope.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

export interface SessionFields {
  title: string;
  starts_at: Date;
  duration_minutes: number;
  time_zone: string;
  meeting_url: string | null;
}

const sessionColumns = [
  'id',
  'title',
  'starts_at',
  'duration_minutes',
  'time_zone',
  'meeting_url',
  'sequence',
] as const;

export const listSessions = (db: Kysely<Database>, tenantId: number, groupId: number) =>
  db
    .selectFrom('group_sessions')
    .select(sessionColumns)
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();

export const findSession = (db: Kysely<Database>, tenantId: number, groupId: number, id: number) =>
  db
    .selectFrom('group_sessions')
    .select(sessionColumns)
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export async function insertSession(
  db: Kysely<Database>,
  coach: Actor,
  groupId: number,
  fields: SessionFields,
  members: AssignedClient[],
) {
  const { id } = await db
    .insertInto('group_sessions')
    .values({ tenant_id: coach.tenantId, group_id: groupId, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const member of members) {
    await db
      .insertInto('lesson_meetings')
      .values({
        ...ownerValues(coach, 'lesson_meetings', member),
        group_id: groupId,
        session_id: id,
        title: fields.title,
        meeting_time: fields.starts_at,
        time_zone: fields.time_zone,
        meeting_url: fields.meeting_url,
      })
      .execute();
  }
  return id;
}

/**
 * The group's sessions still to come that this member has no lesson meeting of (a member who joined, or
 * came back, after they were scheduled), each given one; the sessions this call wrote are returned to be mailed.
 */
export async function joinUpcomingSessions(
  db: Kysely<Database>,
  coach: Actor,
  groupId: number,
  member: AssignedClient,
  now: Date,
) {
  const sessions = await db
    .selectFrom('group_sessions as s')
    .select(sessionColumns.map((c) => `s.${c}` as const))
    .where('s.tenant_id', '=', coach.tenantId)
    .where('s.group_id', '=', groupId)
    .where('s.starts_at', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lesson_meetings as m')
            .where(owned(coach, 'lesson_meetings as m'))
            .whereRef('m.session_id', '=', 's.id')
            .where('m.client_id', '=', member.userId)
            .select('m.id'),
        ),
      ),
    )
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .execute();
  const joined: typeof sessions = [];
  for (const session of sessions) {
    // Another add of the same member at once may have written it first: only the one that wrote it mails.
    const row = await db
      .insertInto('lesson_meetings')
      .values({
        ...ownerValues(coach, 'lesson_meetings', member),
        group_id: groupId,
        session_id: session.id,
        title: session.title,
        meeting_time: session.starts_at,
        time_zone: session.time_zone,
        meeting_url: session.meeting_url,
      })
      .onConflict((oc) => oc.columns(['session_id', 'client_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) joined.push(session);
  }
  return joined;
}

/** A move or an edit: the members' lesson meetings follow, and the invitation's SEQUENCE goes up. */
export async function updateSession(db: Kysely<Database>, coach: Actor, id: number, fields: SessionFields) {
  await db
    .updateTable('group_sessions')
    .set({ ...fields, sequence: sql<number>`sequence + 1` })
    .where('tenant_id', '=', coach.tenantId)
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('lesson_meetings')
    .where(owned(coach, 'lesson_meetings'))
    .set({
      title: fields.title,
      meeting_time: fields.starts_at,
      time_zone: fields.time_zone,
      meeting_url: fields.meeting_url,
    })
    .where('session_id', '=', id)
    .execute();
}

/** The session, and with it (the foreign key cascades) every member's lesson meeting of it. */
export const deleteSession = (db: Kysely<Database>, tenantId: number, id: number) =>
  db.deleteFrom('group_sessions').where('tenant_id', '=', tenantId).where('id', '=', id).execute();

/** The members a session was scheduled for, as the coach reaches them (their invitation goes to them). */
export const sessionMemberIds = async (db: Kysely<Database>, coach: Actor, id: number) =>
  (
    await db
      .selectFrom('lesson_meetings')
      .where(owned(coach, 'lesson_meetings'))
      .select('client_id')
      .where('session_id', '=', id)
      .execute()
  ).map((r) => r.client_id);

export const listRecordings = (db: Kysely<Database>, tenantId: number, groupId: number) =>
  db
    .selectFrom('lesson_recordings')
    .select(['id', 'title', 'recording_url', 'duration_minutes', 'recorded_at'])
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const insertRecording = (
  db: Kysely<Database>,
  tenantId: number,
  groupId: number,
  values: { title: string; recording_url: string; duration_minutes: number; recorded_at: Date },
) =>
  db
    .insertInto('lesson_recordings')
    .values({ tenant_id: tenantId, group_id: groupId, lesson_id: null, ...values })
    .returning(['id', 'title', 'recording_url', 'duration_minutes', 'recorded_at'])
    .executeTakeFirstOrThrow();

export const deleteRecording = async (db: Kysely<Database>, tenantId: number, groupId: number, id: number) =>
  (await db
    .deleteFrom('lesson_recordings')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()) !== undefined;
