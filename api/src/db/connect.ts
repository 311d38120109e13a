// Opens the configured database and brings its schema up to date: what the server, the CLIs and the
// benchmark all do first.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { createDb } from './create-db.js';
import type { DbTimeouts } from './create-db.js';
import type { Database } from './database.js';
import { migrateToLatest } from './migrate.js';

export async function connect(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'> & Partial<Pick<Config, 'databaseTimeouts'>>,
  migrate = true,
  onIdleError?: (error: Error) => void,
): Promise<Kysely<Database>> {
  const open = (timeouts: DbTimeouts | undefined) =>
    createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.pgliteDir,
      timeouts,
      ...(onIdleError && { onIdleError }),
    });
  if (!migrate) return open(config.databaseTimeouts);
  // A migration may rightly run longer than a request's statement timeout (an index on a big table), so on a
  // server it gets a pool of its own without one. PGlite has no timeouts and allows one instance per folder.
  if (config.databaseUrl && config.databaseTimeouts) {
    const untimed = open(undefined);
    try {
      await migrateToLatest(untimed);
    } finally {
      await untimed.destroy();
    }
    return open(config.databaseTimeouts);
  }
  const db = open(config.databaseTimeouts);
  await migrateToLatest(db);
  return db;
}
