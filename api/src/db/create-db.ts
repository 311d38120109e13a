// One factory for both engines: a real PostgreSQL server when a URL is given, otherwise PGlite in the process
// (a data folder, or memory when none is given). Everything above this file sees only Kysely.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect } from 'kysely';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
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

/**
 * How many distinct statement texts are prepared (the API's queries are a few hundred; a text built per call,
 * such as an `in` list of each length, could otherwise fill every connection with statements used once).
 */
const PREPARED_MAX = 2000;

/**
 * The pool as Kysely sees it, each statement sent as a named (prepared) statement: the server parses and plans
 * a text at its first use on a connection and then only binds and runs it, about 1.5 times the statements a
 * second of a signed-in request's kind here (the session read, the scope's subqueries). The names are the
 * process's, one per distinct text. The API migrates before it serves, so no prepared plan outlives a change
 * of the tables under it (a `select *` prepared before a column is added would fail to run after).
 */
function prepared(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_MAX) names.set(text, (name = `k${names.size}`));
    return name;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sql: string | PostgresCursor<R>,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      // Kysely sends a cursor only to stream, which the API never does.
      if (typeof sql !== 'string') throw new Error('Streaming queries are not supported.');
      const values = [...(parameters ?? [])];
      // A statement without parameters goes as it did (the simple protocol): a transaction's begin and commit,
      // and a migration's several statements in one text, which cannot be prepared.
      return client
        .query<R & pg.QueryResultRow>({
          name: values.length > 0 ? nameOf(sql) : undefined,
          text: sql,
          values,
        })
        .then(({ command, rowCount, rows }) => ({
          // pg's command is a string; Kysely reads it as one of the commands it sends.
          command: command as PostgresQueryResult<R>['command'],
          rowCount: rowCount ?? 0,
          rows,
        }));
    }
    return { query, release: () => client.release() };
  };
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}

/**
 * A PGlite instance with the extensions the migrations create (btree_gist: the exclusion constraint that refuses
 * two overlapping bookings of one coach, migration 1870). A server's PostgreSQL ships it in its contrib package.
 */
export const newPglite = (options: Omit<PGliteOptions, 'extensions'> = {}): PGlite =>
  new PGlite({ ...options, extensions: { btree_gist } });

/**
 * The PGlite instance under a Kysely made here, for the one caller that needs its simple protocol: the job
 * library's texts of several statements (services/jobs/boss-db.ts), which PGlite's `query` cannot run.
 */
const pglites = new WeakMap<object, PGlite>();
export const pgliteOf = <DB>(db: Kysely<DB>): PGlite | undefined => pglites.get(db);

function onPglite<DB>(pglite: PGlite): Kysely<DB> {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  pglites.set(db, pglite);
  return db;
}

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
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: prepared(pool) }) });
  }
  if (options.pglite) return onPglite(options.pglite);
  // PGlite creates only the last folder of the path; on a fresh clone .data/ does not exist yet.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return onPglite(newPglite({ dataDir: options.dataDir }));
}
