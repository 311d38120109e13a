// The rows booking reads and writes besides its own tables: the coach's busy times (every meeting of theirs,
// whoever the client, and their groups' live sessions), a client's coaches and memberships, and the client's
// booked meetings. A client's rows start from their scope (access/scope.ts); the coach's busy times are read
// in the tenant's scope, since a meeting with a client no longer assigned to them still takes the coach's time.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues, visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { columns } from '../coach/meetings-repository.js';
import type { Busy } from './slots.js';

/** A group lesson stored without its length (an older member's row) blocks this long. */
const LESSON_MINUTES = 60;

const MINUTE = 60_000;

/** Everything that takes the coach's time in [from, to): meetings count towards the daily cap, sessions not. */
export async function busyTimes(
  db: Kysely<Database>,
  tenantId: number,
  coachId: number,
  range: { from: Date; to: Date; except?: number | undefined },
): Promise<Busy[]> {
  const tenant: Actor = { tenantId, userId: 0, role: 'admin' };
  const meetings = db
    .selectFrom('meetings as m')
    .where(visible(tenant, 'meetings as m'))
    .select(['m.starts_at', 'm.duration_minutes'])
    .where('m.coach_id', '=', coachId)
    .where('m.id', '!=', range.except ?? 0)
    .where('m.starts_at', '<', range.to)
    .where(sql<boolean>`m.starts_at + m.duration_minutes * interval '1 minute' > ${range.from}`)
    .execute();
  const sessions = db
    .selectFrom('group_sessions as s')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .select(['s.starts_at', 's.duration_minutes'])
    .where('s.tenant_id', '=', tenantId)
    .where('g.coach_id', '=', coachId)
    .where('s.starts_at', '<', range.to)
    .where(sql<boolean>`s.starts_at + s.duration_minutes * interval '1 minute' > ${range.from}`)
    .execute();
  // Group lessons kept only as each member's row (no session): one block per time, however many members.
  const lessons = db
    .selectFrom('lesson_meetings as l')
    .where(visible(tenant, 'lesson_meetings as l'))
    .innerJoin('groups as g', 'g.id', 'l.group_id')
    .select('l.meeting_time')
    .distinct()
    .where('g.coach_id', '=', coachId)
    .where('l.session_id', 'is', null)
    .where('l.meeting_time', '<', range.to)
    .where('l.meeting_time', '>', new Date(range.from.getTime() - LESSON_MINUTES * MINUTE))
    .execute();
  const span = (start: Date, minutes: number) => ({
    start,
    end: new Date(start.getTime() + minutes * MINUTE),
  });
  return [
    ...(await meetings).map((m) => ({ ...span(m.starts_at, m.duration_minutes), meeting: true })),
    ...(await sessions).map((s) => ({ ...span(s.starts_at, s.duration_minutes), meeting: false })),
    ...(await lessons).map((l) => ({ ...span(l.meeting_time, LESSON_MINUTES), meeting: false })),
  ];
}

/** The coaches (coaches.id) the client is assigned to. */
export async function coachesOfClient(db: Kysely<Database>, client: Actor): Promise<number[]> {
  const rows = await db
    .selectFrom('coach_clients')
    .where(owned(client, 'coach_clients'))
    .select('coach_id')
    .execute();
  return rows.map((r) => r.coach_id);
}

/** The groups the client is an active member of. */
export async function groupsOfClient(db: Kysely<Database>, client: Actor): Promise<number[]> {
  const rows = await db
    .selectFrom('user_groups')
    .where(owned(client, 'user_groups'))
    .select('group_id')
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => r.group_id);
}

/** A meeting as the coach's side reads it, with who booked it, its type and the client's note. */
const meetingColumns = [
  ...columns,
  'm.coach_id',
  'm.meeting_type_id',
  'm.booked_by',
  'm.client_note',
] as const;

/** One of the client's own meetings, with what its mails say of the client. */
export function findClientMeeting(db: Kysely<Database>, client: Actor, id: number) {
  return db
    .selectFrom('meetings as m')
    .where(owned(client, 'meetings as m'))
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .select(meetingColumns)
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export type ClientMeeting = NonNullable<Awaited<ReturnType<typeof findClientMeeting>>>;

interface BookedFields {
  coach_id: number;
  meeting_type_id: number;
  title: string;
  starts_at: Date;
  duration_minutes: number;
  time_zone: string;
  meeting_url: string | null;
  place: string | null;
  booked_by: 'client' | 'integration';
  client_note: string;
}

export async function insertBooking(db: Kysely<Database>, client: Actor, fields: BookedFields) {
  const { id } = await db
    .insertInto('meetings')
    .values({ ...ownerValues(client, 'meetings'), ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A move: the same meeting (and invitation UID) at a new time, its SEQUENCE raised. */
export async function moveBooking(db: Kysely<Database>, client: Actor, id: number, startsAt: Date) {
  const row = await db
    .updateTable('meetings')
    .where(owned(client, 'meetings'))
    .set({ starts_at: startsAt, sequence: sql<number>`sequence + 1` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteBooking(db: Kysely<Database>, client: Actor, id: number) {
  const row = await db
    .deleteFrom('meetings')
    .where(owned(client, 'meetings'))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
