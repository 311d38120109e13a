// One factory for both engines: a real PostgreSQL server when a URL is given, otherwise PGlite in the process
// (a data folder, or memory when none is given). Everything above this file sees only Kysely.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.js';

interface DbOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** Called when the server drops an idle pooled connection (restart, failover, admin command). */
  onIdleError?: (error: Error) => void;
}

/** What a pool does by default when the server drops one of its idle connections: note it and carry on. */
export const warnIdleLost = (error: Error) =>
  console.warn(`database: idle connection lost (${error.message})`);

export function createDb(options: DbOptions = {}): Kysely<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Without a listener, an idle connection the server closes would crash the process; the pool discards that
    // connection by itself and the next query opens a new one, so noting it is enough.
    pool.on('error', options.onIdleError ?? warnIdleLost);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  // PGlite creates only the last folder of the path; on a fresh clone .data/ does not exist yet.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return new Kysely<Database>({ dialect: new PGliteDialect(new PGlite(options.dataDir)) });
}
