// A coach acts on a client's rows only after the client is found assigned to them in coach_clients, in their
// tenant; any other id (another coach's client, another tenant's user, no user) is the same 404, so a coach
// cannot learn whom another coach coaches. An admin names any client of their tenant (tenantClient).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { roleOf } from './roles.js';
import { owned } from './scope.js';
import type { Actor, AssignedClient } from './scope.js';

export async function assignedClient(
  db: Kysely<Database>,
  coach: Actor,
  clientId: number,
): Promise<AssignedClient> {
  const row = await db
    .selectFrom('coach_clients')
    .where(owned(coach, 'coach_clients'))
    .select('client_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (coach.role !== 'coach' || !row) throw new HttpError(404, 'Client not found.');
  return { userId: row.client_id, tenantId: coach.tenantId } as AssignedClient;
}

/**
 * A client of the admin's tenant (role 3 or any non-coach, non-admin role): the owner an admin names when they
 * change whom a client is coached by. Any other id is a 422 on the field it came in, since an admin picks it.
 */
export async function tenantClient(
  db: Kysely<Database>,
  admin: Actor,
  clientId: number,
): Promise<AssignedClient | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'role_id'])
    .where('tenant_id', '=', admin.tenantId)
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (admin.role !== 'admin' || !row || roleOf(row.role_id) !== 'client') return undefined;
  return { userId: row.id, tenantId: admin.tenantId } as AssignedClient;
}
