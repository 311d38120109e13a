// The per-IP flood guard's counters (@fastify/rate-limit on the `limited` routes), kept in the database rather
// than in each process, so N API instances share one allowance instead of each granting its own. One row per
// route and client address: the requests in its current window and when that window ends (the database's
// clock, the same for every instance). The index serves the hourly purge of ended windows.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_ends')
    .on('rate_limit_hits')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
