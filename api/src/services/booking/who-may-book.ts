// Who may book what: a client books only with a coach they are assigned to, only the active types whose
// audience admits them (all the coach's clients, the members of a group, the holders of a training flag), and
// only with the booking flag. Every door (the app, the integration API) asks here, so the rule holds alike.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { roleOf } from '../access/roles.js';
import type { Actor } from '../access/scope.js';
import { requireTraining, trainingsOf } from '../groups/trainings.js';
import { coachByUser, type BookingCoach } from './booking-coach.js';
import { coachesOfClient, groupsOfClient } from './booking-repository.js';
import { listMeetingTypes, type MeetingTypeRow } from './meeting-types-repository.js';

/** What decides whether a type is open to the client: their groups and their flags. */
async function admission(db: Kysely<Database>, client: Actor) {
  const [groups, flags] = await Promise.all([groupsOfClient(db, client), trainingsOf(db, client)]);
  return (type: MeetingTypeRow) =>
    type.active &&
    (type.audience === 'clients' ||
      (type.audience === 'group' && type.group_id !== null && groups.includes(type.group_id)) ||
      (type.audience === 'flag' && type.flag !== null && flags?.[type.flag as keyof typeof flags] === true));
}

/** The client's coaches, each with the types open to them (403 without the booking flag). */
export async function bookableCoaches(db: Kysely<Database>, client: Actor) {
  await requireTraining(db, client, 'booking');
  const [coachIds, open] = await Promise.all([coachesOfClient(db, client), admission(db, client)]);
  const coaches: { coach: BookingCoach; types: MeetingTypeRow[] }[] = [];
  for (const coachId of coachIds) {
    const coach = await coachRow(db, client.tenantId, coachId);
    if (coach) coaches.push({ coach, types: (await listMeetingTypes(db, coach.id)).filter(open) });
  }
  return coaches.sort((a, b) => a.coach.name.localeCompare(b.coach.name));
}

/** A coach by coaches.id, if active in the tenant. */
async function coachRow(db: Kysely<Database>, tenantId: number, coachId: number) {
  const row = await db
    .selectFrom('coaches')
    .select('user_id')
    .where('id', '=', coachId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row && coachByUser(db, tenantId, row.user_id);
}

/**
 * The coach (by user id) and the type the client asks for, when the client may book it: a coach not theirs (or
 * another tenant's, or no one) is a 404, as is a type of another coach, archived, or not open to them.
 */
export async function bookableType(
  db: Kysely<Database>,
  client: Actor,
  coachUserId: number,
  typeId: number,
): Promise<{ coach: BookingCoach; type: MeetingTypeRow }> {
  await requireTraining(db, client, 'booking');
  const coach = await coachByUser(db, client.tenantId, coachUserId);
  if (!coach || !(await coachesOfClient(db, client)).includes(coach.id))
    throw new HttpError(404, 'Coach not found.');
  const open = await admission(db, client);
  const type = (await listMeetingTypes(db, coach.id)).find((t) => t.id === typeId);
  if (!type || !open(type)) throw new HttpError(404, 'Meeting type not found.');
  return { coach, type };
}

/** The client an API key names (a user id): a client of the key's tenant who may sign in; else a 422. */
export async function keyClient(db: Kysely<Database>, tenantId: number, userId: number): Promise<Actor> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'role_id', 'company_id', 'time_zone'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row || roleOf(row.role_id) !== 'client')
    throw new FieldError({ client_id: ['There is no client with this id in this portal.'] });
  return { tenantId, userId: row.id, role: 'client', companyId: row.company_id, timeZone: row.time_zone };
}
