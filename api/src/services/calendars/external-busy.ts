// The busy times of a coach's outside calendars on their own: what the last good fetch of each calendar found,
// overlapping [from, to), earliest first. `coachId` is the coach's coaches.id, as a meeting's coach_id. A
// calendar that is failing still counts with its last good set. Booking's free slots run the same query
// (busyOfCoach) inside their one busy-times statement (booking/booking-repository.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { fromEpochMs } from '../../db/epoch-ms.js';
import { busyOfCoach } from './connections-repository.js';

export async function externalBusy(
  db: Kysely<Database>,
  tenantId: number,
  coachId: number,
  from: Date,
  to: Date,
): Promise<{ start: Date; end: Date }[]> {
  const rows = await busyOfCoach(db, tenantId, coachId, from, to).orderBy('start').orderBy('end').execute();
  return rows.map((row) => ({ start: fromEpochMs(row.start), end: fromEpochMs(row.end) }));
}
