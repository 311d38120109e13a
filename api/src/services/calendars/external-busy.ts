// The busy times of a coach's outside calendars, for the booking API's free slots (the lead adds them to its
// busy times): what the last good fetch of each calendar found, overlapping [from, to). `coachId` is the coach's
// coaches.id, as a meeting's coach_id. A calendar that is failing still counts with its last good set.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { busyOfCoach } from './connections-repository.js';

export async function externalBusy(
  db: Kysely<Database>,
  tenantId: number,
  coachId: number,
  from: Date,
  to: Date,
): Promise<{ start: Date; end: Date }[]> {
  const rows = await busyOfCoach(db, tenantId, coachId, from, to);
  return rows.map((row) => ({ start: row.starts_at, end: row.ends_at }));
}
