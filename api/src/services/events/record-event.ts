// The one way a change reports itself to the tenant's systems: called with the transaction that made the change,
// so a rolled-back change reports nothing and a committed one is never lost (webhook deliveries start from here).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { EventType } from '../../../../schemas/events.js';

export async function recordEvent(
  db: Kysely<Database>,
  tenantId: number,
  type: EventType,
  data: Record<string, unknown>,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('events')
    .values({ id, tenant_id: tenantId, type, data: JSON.stringify(data) })
    .execute();
  return id;
}
