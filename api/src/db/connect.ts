// Opens the configured database and brings its schema up to date: what the server, the CLIs and the
// benchmark all do first.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { createDb } from './create-db.js';
import type { Database } from './database.js';
import { migrateToLatest } from './migrate.js';

export async function connect(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  migrate = true,
): Promise<Kysely<Database>> {
  const db = createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.pgliteDir,
  });
  if (migrate) await migrateToLatest(db);
  return db;
}
