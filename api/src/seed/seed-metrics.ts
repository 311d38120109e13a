// Demo business metrics for client@<slug>.test, the demo business's own (revenue in its currency, a count where
// higher is better, one where lower is), each with the twelve months before the seed time, so /metrics shows
// trends and the current month is still free to record. basic@<slug>.test gets none, so the empty screen can
// be seen. A client who already has metrics is left alone: seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DemoSet } from './sets/demo-set.js';

interface MetricsSeed {
  tenantId: number;
  clientId: number;
  at: Date;
  set: DemoSet;
}

/** 'YYYY-MM' of the month `back` months before the one `at` falls in (UTC). */
function monthBefore(at: Date, back: number): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
}

export async function seedMetrics(db: Kysely<Database>, seed: MetricsSeed): Promise<void> {
  const owner = { tenant_id: seed.tenantId, client_id: seed.clientId };
  const already = await db
    .selectFrom('metrics')
    .select('id')
    .where('tenant_id', '=', seed.tenantId)
    .where('client_id', '=', seed.clientId)
    .executeTakeFirst();
  if (already) return;
  const stamps = { created_at: seed.at, updated_at: seed.at };
  for (const [index, { values, notes, ...fields }] of seed.set.metrics.entries()) {
    const { id } = await db
      .insertInto('metrics')
      // A second apart, so the list keeps this order (metrics are listed as they were added).
      .values({
        ...owner,
        ...fields,
        created_at: new Date(seed.at.getTime() + index * 1000),
        updated_at: seed.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('metric_values')
      .values(
        values.map((value, i) => ({
          ...owner,
          ...stamps,
          metric_id: id,
          period: monthBefore(seed.at, values.length - i),
          value,
          note: notes[i] ?? '',
        })),
      )
      .execute();
  }
}
