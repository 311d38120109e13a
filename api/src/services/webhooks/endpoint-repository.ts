// A tenant's webhook endpoints and their deliveries, for the admin's screens. Every query is bounded by the
// tenant of the admin's session; the secret is read only by the sender (delivery-repository.ts) and returned
// once, by the call that made it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

const endpointColumns = [
  'id',
  'url',
  'events',
  'enabled',
  'created_at',
  'secret_rotated_at',
  'previous_secret_until',
] as const;

export const deliveriesPerPage = 20;

export function listEndpoints(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .select((eb) => [
      eb
        .selectFrom('webhook_deliveries')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('endpoint_id', '=', 'webhook_endpoints.id')
        .where('status', '=', 'failed')
        .as('failed'),
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}

export function findEndpoint(db: Kysely<Database>, tenantId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertEndpoint(
  db: Kysely<Database>,
  values: { tenantId: number; url: string; events: string[] | null; secret: string; at: Date },
) {
  return db
    .insertInto('webhook_endpoints')
    .values({
      tenant_id: values.tenantId,
      url: values.url,
      events: values.events && JSON.stringify(values.events),
      secret: values.secret,
      created_at: values.at,
    })
    .returning(endpointColumns)
    .executeTakeFirstOrThrow();
}

export function updateEndpoint(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  change: { events?: string[] | null; enabled?: boolean },
) {
  const { events, ...rest } = change;
  return db
    .updateTable('webhook_endpoints')
    .set({ ...rest, ...(events !== undefined && { events: events && JSON.stringify(events) }) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(endpointColumns)
    .executeTakeFirst();
}

/**
 * A new secret; the one it replaces keeps signing beside it until `graceUntil` (one assignment reads the row as
 * it was: `previous_secret` takes the old `secret`). A rotation within a grace period drops the oldest secret.
 */
export function rotateSecret(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  change: { secret: string; at: Date; graceUntil: Date },
) {
  return db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_secret_until: change.graceUntil,
      secret: change.secret,
      secret_rotated_at: change.at,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(endpointColumns)
    .executeTakeFirst();
}

export function deleteEndpoint(db: Kysely<Database>, tenantId: number, id: number) {
  return db
    .deleteFrom('webhook_endpoints')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** One page of an endpoint's deliveries, newest first, with the total for the pager. */
export async function pageOfDeliveries(
  db: Kysely<Database>,
  tenantId: number,
  endpointId: number,
  page: number,
) {
  const base = db
    .selectFrom('webhook_deliveries as d')
    .where('d.tenant_id', '=', tenantId)
    .where('d.endpoint_id', '=', endpointId);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'e.type',
      'd.status',
      'd.attempts',
      'd.last_status_code',
      'd.last_error',
      'd.last_attempt_at',
      'd.next_attempt_at',
      'd.created_at',
    ])
    .orderBy('d.id', 'desc')
    .limit(deliveriesPerPage)
    .offset((page - 1) * deliveriesPerPage)
    .execute();
  return { rows, total: Number(total) };
}

/**
 * "Send again": a delivered or failed delivery becomes due now for one more round of tries, with the same event
 * id (the receiver de-duplicates on it, or takes it again on purpose). A pending one is already on its way.
 */
export function requeueDelivery(
  db: Kysely<Database>,
  tenantId: number,
  endpointId: number,
  id: number,
  at: Date,
) {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: at, trying_since: at })
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .where('status', 'in', ['delivered', 'failed'])
    .returning(['id', 'endpoint_id', 'attempts'])
    .executeTakeFirst();
}

/**
 * A re-enabled endpoint's deliveries that waited while it was disabled: due now (their jobs found the endpoint
 * disabled and ended). Returned for their jobs to be sent in the same transaction.
 */
export function resumeDeliveries(db: Kysely<Database>, tenantId: number, endpointId: number, at: Date) {
  return db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: at })
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .returning(['id', 'endpoint_id', 'attempts'])
    .execute();
}

export function deliveryStatus(db: Kysely<Database>, tenantId: number, endpointId: number, id: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select('status')
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
}
