// Business metrics of one client and their monthly values. Every read and write is scoped to the owner, so ids of another client's metrics find nothing and change nothing.
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, MetricsTable } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

const metricColumns = ['id', 'name', 'unit', 'target', 'direction', 'created_at', 'updated_at'] as const;
const valueColumns = ['metric_id', 'period', 'value', 'note', 'updated_at'] as const;

export type MetricRow = Awaited<ReturnType<typeof findMetric>> & {};
export type ValueRow = Awaited<ReturnType<typeof listValues>>[number];

/** The owner's metrics in the order they were added. */
export async function listMetrics(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('metrics')
    .where(owned(owner, 'metrics'))
    .select(metricColumns)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findMetric(db: Kysely<Database>, owner: Actor, id: number) {
  return db
    .selectFrom('metrics')
    .where(owned(owner, 'metrics'))
    .select(metricColumns)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countMetrics(db: Kysely<Database>, owner: Actor): Promise<number> {
  const row = await db
    .selectFrom('metrics')
    .where(owned(owner, 'metrics'))
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The owner's monthly values, oldest month first; of one metric when `metricId` is given. */
export async function listValues(db: Kysely<Database>, owner: Actor, metricId?: number) {
  let query = db.selectFrom('metric_values').where(owned(owner, 'metric_values')).select(valueColumns);
  if (metricId !== undefined) query = query.where('metric_id', '=', metricId);
  return query.orderBy('period').execute();
}

/** Every column of a metric but its id, owner and times, which the repository sets. */
type MetricFields = Omit<
  Insertable<MetricsTable>,
  'id' | 'tenant_id' | 'client_id' | 'created_at' | 'updated_at'
>;

export async function insertMetric(db: Kysely<Database>, owner: Actor, fields: MetricFields, at: Date) {
  return db
    .insertInto('metrics')
    .values({ ...ownerValues(owner, 'metrics'), ...fields, created_at: at, updated_at: at })
    .returning(metricColumns)
    .executeTakeFirstOrThrow();
}

export async function updateMetric(
  db: Kysely<Database>,
  owner: Actor,
  id: number,
  fields: Updateable<MetricsTable>,
) {
  return db
    .updateTable('metrics')
    .where(owned(owner, 'metrics'))
    .set(fields)
    .where('id', '=', id)
    .returning(metricColumns)
    .executeTakeFirst();
}

/** Records a month of a metric the caller has checked is the owner's; a month recorded again is replaced. */
export async function upsertValue(
  db: Kysely<Database>,
  owner: Actor,
  value: { metric_id: number; period: string; value: number; note: string },
  at: Date,
) {
  await db
    .insertInto('metric_values')
    .values({ ...ownerValues(owner, 'metric_values'), ...value, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['metric_id', 'period'])
        .doUpdateSet({ value: value.value, note: value.note, updated_at: at }),
    )
    .execute();
}

export async function deleteValue(db: Kysely<Database>, owner: Actor, metricId: number, period: string) {
  await db
    .deleteFrom('metric_values')
    .where(owned(owner, 'metric_values'))
    .where('metric_id', '=', metricId)
    .where('period', '=', period)
    .execute();
}
