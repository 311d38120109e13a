// A coach as booking needs them: their coaches.id (availability, types and meetings name them by it), who they
// are (a booking's mails), their zone (their hours are wall clock there) and their fixed room address.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';

export type BookingCoach = NonNullable<Awaited<ReturnType<typeof coachByUser>>>;

/** The coach whose user id this is, in the tenant; undefined for anyone else (a client, another tenant's). */
export async function coachByUser(db: Kysely<Database>, tenantId: number, userId: number) {
  const row = await db
    .selectFrom('coaches')
    .innerJoin('users', 'users.id', 'coaches.user_id')
    .select([
      'coaches.id',
      'coaches.tenant_id',
      'coaches.user_id',
      'coaches.room_url',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.time_zone',
    ])
    .where('coaches.user_id', '=', userId)
    .where('coaches.tenant_id', '=', tenantId)
    .where('users.tenant_id', '=', tenantId)
    .where('users.role_id', '=', 2)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  // A coach who never set a zone has their hours read in UTC, as their meetings are.
  return row && { ...row, zone: row.time_zone ?? 'UTC', name: `${row.first_name} ${row.last_name}` };
}

/** The signed-in coach's own row; 403 for a caller who is not one. */
export async function ownCoach(db: Kysely<Database>, coach: Actor): Promise<BookingCoach> {
  const row = coach.role === 'coach' ? await coachByUser(db, coach.tenantId, coach.userId) : undefined;
  if (!row) throw new HttpError(403, 'This is not available to your account.');
  return row;
}
