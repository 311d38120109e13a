// A client's meeting as the booking calls answer it, and until when they may still move or cancel it: a
// meeting they (or a key) booked, up to its type's notice or else the tenant's, before it starts. A coach's
// own meeting is never theirs to change.
import type { Kysely } from 'kysely';
import type { BookedMeeting } from '../../../../contracts/rest/booking.js';
import type { Database, Tenant } from '../../db/database.js';
import { coachByUser } from './booking-coach.js';
import type { ClientMeeting } from './booking-repository.js';
import { findMeetingType } from './meeting-types-repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The notice policy, as the 422 past it says it. */
export const noticePolicy = (hours: number) =>
  `${hours === 0 ? 'A booked meeting can be moved or cancelled until it starts' : `A booked meeting can be moved or cancelled up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before it starts`}. To change it now, send your coach a message.`;

/** The notice in hours of a meeting of this type (and coach): the type's own, else the tenant's. */
export async function noticeOf(
  db: Kysely<Database>,
  tenant: Tenant,
  m: Pick<ClientMeeting, 'meeting_type_id' | 'coach_id'>,
) {
  const type =
    m.meeting_type_id !== null && m.coach_id !== null
      ? await findMeetingType(db, m.coach_id, m.meeting_type_id)
      : undefined;
  return type?.notice_hours ?? tenant.booking_notice_hours;
}

/** Until when the client may move or cancel it: null for a coach's meeting or once the notice has begun. */
export async function changeUntil(
  db: Kysely<Database>,
  tenant: Tenant,
  m: ClientMeeting,
  now: Date,
): Promise<Date | null> {
  if (m.booked_by === 'coach') return null;
  const until = new Date(m.starts_at.getTime() - (await noticeOf(db, tenant, m)) * HOUR);
  return until > now ? until : null;
}

/** The coach (as booking reads them) of a meeting's coaches.id. */
export async function coachOfMeeting(db: Kysely<Database>, coachId: number) {
  const row = await db
    .selectFrom('coaches')
    .select(['user_id', 'tenant_id'])
    .where('id', '=', coachId)
    .executeTakeFirst();
  return row && coachByUser(db, row.tenant_id, row.user_id);
}

export async function bookedMeetingAnswer(
  db: Kysely<Database>,
  tenant: Tenant,
  m: ClientMeeting,
  now: Date,
): Promise<BookedMeeting> {
  const coach = m.coach_id === null ? undefined : await coachOfMeeting(db, m.coach_id);
  return {
    id: m.id,
    title: m.title,
    start: m.starts_at.toISOString(),
    end: new Date(m.starts_at.getTime() + m.duration_minutes * MINUTE).toISOString(),
    time_zone: m.time_zone,
    coach_name: coach?.name ?? '',
    type_id: m.meeting_type_id,
    meeting_url: m.meeting_url,
    place: m.place,
    note: m.client_note,
    change_until: (await changeUntil(db, tenant, m, now))?.toISOString() ?? null,
  };
}
