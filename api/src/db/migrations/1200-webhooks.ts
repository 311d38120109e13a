// Webhooks out: the endpoints a tenant admin registers, and one delivery row per event and endpoint, written in
// the transaction of the event itself (record-event.ts), so a committed change always has its deliveries queued.
// A delivery is pending until its receiver answers 2xx (delivered) or three days of tries run out (failed);
// next_attempt_at is the retry loop's due time and, while an instance sends it, that instance's lease.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    // The event types it hears, as a JSON array; null for every type (including those added later).
    .addColumn('events', 'jsonb')
    // Kept as is: HMAC signing needs the secret itself (a hash cannot sign). No query but the sender's reads it.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('secret_rotated_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_tenant')
    .on('webhook_endpoints')
    .column('tenant_id')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    // Where the three days of tries are counted from: the event, or the admin's last "Send again".
    .addColumn('trying_since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_id', 'endpoint_id'])
    .addCheckConstraint('webhook_deliveries_status', sql`status in ('pending', 'delivered', 'failed')`)
    .execute();
  // The retry loop's claim reads only the pending rows by due time.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
