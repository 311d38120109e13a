// Demo business metrics for client@<slug>.test: revenue, new leads and complaints (where lower is better), each
// with the twelve months before the seed time, so /metrics shows trends and the current month is still free to
// record. basic@<slug>.test gets none, so the empty screen can be seen. A client who already has metrics is
// left alone: seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

interface MetricsSeed {
  tenantId: number;
  clientId: number;
  at: Date;
}

const demoMetrics = [
  {
    name: 'Monthly revenue',
    unit: 'USD',
    target: 50_000,
    direction: 'up' as const,
    values: [38_400, 37_900, 40_250, 41_100, 39_800, 42_600, 44_050, 43_700, 46_300, 47_950, 49_200, 51_400],
    notes: { 5: 'Price rise on service contracts', 11: 'Best month so far' } as Record<number, string>,
  },
  {
    name: 'New leads',
    unit: 'leads',
    target: 40,
    direction: 'up' as const,
    values: [22, 25, 24, 28, 31, 27, 30, 33, 35, 34, 38, 41],
    notes: { 7: 'Started the referral card' } as Record<number, string>,
  },
  {
    name: 'Customer complaints',
    unit: 'complaints',
    target: 2,
    direction: 'down' as const,
    values: [9, 8, 8, 7, 6, 7, 5, 4, 5, 3, 4, 3],
    notes: {} as Record<number, string>,
  },
];

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
  for (const [index, { values, notes, ...fields }] of demoMetrics.entries()) {
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
