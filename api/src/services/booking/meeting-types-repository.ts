// A coach's meeting types (migration 1870), named by coaches.id: the caller's own row, found by the service.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MeetingTypes } from '../../db/generated-types.js';

export type MeetingTypeRow = Selectable<MeetingTypes>;

/** The fields a coach writes (contracts/rest/booking.ts's meetingTypeFields), as the columns hold them. */
export type MeetingTypeFields = Pick<
  MeetingTypeRow,
  | 'name'
  | 'duration_minutes'
  | 'description'
  | 'location'
  | 'place'
  | 'audience'
  | 'group_id'
  | 'flag'
  | 'needs_credit'
  | 'notice_hours'
  | 'active'
  | 'prep_form_id'
>;

/** The coach's types, the active ones first, then in the order they were made. */
export function listMeetingTypes(db: Kysely<Database>, coachId: number) {
  return db
    .selectFrom('meeting_types')
    .selectAll()
    .where('coach_id', '=', coachId)
    .orderBy('active', 'desc')
    .orderBy('id')
    .execute();
}

export function findMeetingType(db: Kysely<Database>, coachId: number, id: number) {
  return db
    .selectFrom('meeting_types')
    .selectAll()
    .where('coach_id', '=', coachId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertMeetingTypes(
  db: Kysely<Database>,
  owner: { tenantId: number; coachId: number; at: Date },
  types: MeetingTypeFields[],
): Promise<MeetingTypeRow[]> {
  if (types.length === 0) return [];
  return db
    .insertInto('meeting_types')
    .values(
      types.map((t) => ({ ...t, tenant_id: owner.tenantId, coach_id: owner.coachId, created_at: owner.at })),
    )
    .returningAll()
    .execute();
}

export function updateMeetingType(
  db: Kysely<Database>,
  coachId: number,
  id: number,
  fields: Partial<MeetingTypeFields>,
) {
  return db
    .updateTable('meeting_types')
    .set(fields)
    .where('coach_id', '=', coachId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Whether one of the coach's groups (groups.coach_id) has this id: a type for a group is for one of theirs. */
export async function coachRunsGroup(
  db: Kysely<Database>,
  tenantId: number,
  coachId: number,
  groupId: number,
) {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('coach_id', '=', coachId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row !== undefined;
}
