// One factory for both engines: a real PostgreSQL server when a URL is given, otherwise PGlite in the process
// (a data folder, or memory when none is given). Everything above this file sees only Kysely.
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.js';

export interface DbOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
}

export function createDb(options: DbOptions = {}): Kysely<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(new PGlite(options.dataDir)) });
}
