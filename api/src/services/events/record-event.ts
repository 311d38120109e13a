// The one way a change reports itself to the tenant's systems: called with the transaction that made the change,
// so a rolled-back change reports nothing and a committed one is never lost. The same statement queues one
// delivery per enabled endpoint that hears the type, with its job due at once (webhooks/delivery-repository.ts),
// and tells the notification centre (notifications-for.ts) whom the event concerns.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { EventData, EventType } from '../../../../contracts/events.js';
import { notificationsFor } from '../notifications/notifications-for.js';
import { sendDeliveryJobs } from '../webhooks/delivery-repository.js';

/** Records `type` with its data, typed by the event's schema in contracts/events.ts. */
export async function recordEvent<T extends EventType>(
  db: Kysely<Database>,
  tenantId: number,
  type: T,
  data: EventData<T>,
): Promise<string>;
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
  const deliveries = await db
    .insertInto('webhook_deliveries')
    .columns(['tenant_id', 'endpoint_id', 'event_id', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select([
          'tenant_id',
          'id',
          sql<string>`${id}::uuid`.as('event_id'),
          sql<Date>`now()`.as('next_attempt_at'),
        ])
        .where('tenant_id', '=', tenantId)
        .where('enabled', '=', true)
        .where((w) => w.or([w('events', 'is', null), sql<boolean>`events ? ${type}`])),
    )
    .returning(['id', 'endpoint_id', 'attempts'])
    .execute();
  await sendDeliveryJobs(db, deliveries);
  // The bell hears the same events, in the same transaction.
  await notificationsFor(db, tenantId, type, data as EventData<EventType>, id);
  return id;
}
