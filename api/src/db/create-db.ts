// One factory for both engines: a real PostgreSQL server when a URL is given, otherwise PGlite in the process
// (a data folder, or memory when none is given). Everything above this file sees only Kysely.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.js';

/** How long a request may wait for the server: for a pooled connection, then for one statement. */
export interface DbTimeouts {
  connectMs: number;
  statementMs: number;
}

interface DbOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** A PGlite instance made by the caller (the tests load theirs from a dump of a migrated one). */
  pglite?: PGlite | undefined;
  poolSize?: number;
  /** Without them a stopped or locked server makes requests wait as long as it takes. */
  timeouts?: DbTimeouts | undefined;
  /** Called when the server drops an idle pooled connection (restart, failover, admin command). */
  onIdleError?: (error: Error) => void;
}

/** What a pool does by default when the server drops one of its idle connections: note it and carry on. */
export const warnIdleLost = (error: Error) =>
  console.warn(`database: idle connection lost (${error.message})`);

/** `DB`: another view of the same tables, such as the schema generator's catalog tables (db-types.ts). */
export function createDb<DB = Database>(options: DbOptions = {}): Kysely<DB> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Covers both a server that does not answer and a pool whose connections are all busy.
      ...(options.timeouts && {
        connectionTimeoutMillis: options.timeouts.connectMs,
        // The server cancels a statement that runs or waits on a lock longer than this (SQLSTATE 57014).
        statement_timeout: options.timeouts.statementMs,
      }),
    });
    // Without a listener, an idle connection the server closes would crash the process; the pool discards that
    // connection by itself and the next query opens a new one, so noting it is enough.
    pool.on('error', options.onIdleError ?? warnIdleLost);
    // The pool listens only to idle connections. One lent to a query when the server goes away (stop, restart)
    // emits 'error' too, which would end the process; that query fails with the same error (503 upstream) and
    // the pool drops the dead connection when it comes back, so this listener has nothing left to do.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  if (options.pglite) return new Kysely<DB>({ dialect: new PGliteDialect(options.pglite) });
  // PGlite creates only the last folder of the path; on a fresh clone .data/ does not exist yet.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return new Kysely<DB>({ dialect: new PGliteDialect(new PGlite(options.dataDir)) });
}
