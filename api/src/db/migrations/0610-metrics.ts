// Business metrics of /metrics: a metric the client tracks (name, unit, target, which direction is better) and
// one value per calendar month. A month is 'YYYY-MM' text (like the calendar dates of 0100), unique per metric,
// so recording a month again corrects it instead of adding a second point. metric_shares is the audit trail of
// the metrics mails and what their per-client limit counts, as task_shares is for the task list.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

const owned = (db: Kysely<unknown>, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));

export async function up(db: Kysely<unknown>): Promise<void> {
  await owned(db, 'metrics')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'double precision')
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('up', 'down')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await owned(db, 'metric_values')
    .addColumn('metric_id', 'integer', (c) => c.notNull().references('metrics.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('metric_values_metric_period', ['metric_id', 'period'])
    .execute();
  await owned(db, 'metric_shares')
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A client's metrics are found by owner; their values through the (metric_id, period) constraint's index.
  for (const table of ['metrics', 'metric_shares']) {
    await db.schema.createIndex(`${table}_client`).on(table).columns(['tenant_id', 'client_id']).execute();
  }
}

const tables = ['metric_values', 'metric_shares', 'metrics'];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
