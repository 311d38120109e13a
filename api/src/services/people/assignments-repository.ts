// Whom a client is coached by, as an admin sets it: one coach per client, replacing any other (the client's
// portal shows one coach). Queries on coach_clients go through its ownership rule like everyone's.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ownerValues, owned } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

export async function setCoach(
  db: Kysely<Database>,
  scope: Actor,
  client: AssignedClient,
  change: { coachProfileId: number | null; at: Date },
): Promise<void> {
  await db
    .deleteFrom('coach_clients')
    .where(owned(scope, 'coach_clients'))
    .where('client_id', '=', client.userId)
    .execute();
  if (change.coachProfileId === null) return;
  await db
    .insertInto('coach_clients')
    .values({
      ...ownerValues(scope, 'coach_clients', client),
      coach_id: change.coachProfileId,
      since: change.at,
    })
    .execute();
}
