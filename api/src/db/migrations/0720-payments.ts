// Card payments for paid groups. group_payments holds one row per purchase attempt, keyed by the client's
// Idempotency-Key (per tenant and user), so a retried create-intent answers the same PaymentIntent instead of
// charging twice; the amount and currency are the group's, copied when the intent is created. Only a verified
// webhook moves a row to 'succeeded' (and the membership to paid). stripe_events keeps each processed event id,
// so a replayed or redelivered event changes nothing a second time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('intent_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // 'pending' until the webhook says 'succeeded' or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    // When studentemail mailed the receipt: once per payment.
    .addColumn('receipt_mailed_at', 'timestamptz')
    .addUniqueConstraint('group_payments_key', ['tenant_id', 'user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('group_payments_member')
    .on('group_payments')
    .columns(['tenant_id', 'user_id', 'group_id'])
    .execute();
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['stripe_events', 'group_payments']) await db.schema.dropTable(table).execute();
}
