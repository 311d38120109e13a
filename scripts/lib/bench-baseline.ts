/**
 * The baseline of `npm run bench:api`: a bare Fastify server that answers each read kind of the mix with the
 * SQL the API runs for it, and nothing else (no schema validation, GraphQL, services or hooks). The SQL is
 * captured, not rewritten: a second API instance whose Kysely carries a plugin that records every compiled
 * statement answers one request of each read kind for each simulated client (through inject, no socket).
 * The baseline replays those statements with the caller's token lookup in front, through a plain pg.Pool as
 * large as the API's (on PGlite through the same PGlite instance, the only connection there is).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { Kysely, QueryId, RootOperationNode } from 'kysely';
import pg from 'pg';
import type { Database } from '../../api/src/db/database.js';
import { sha256 } from '../../api/src/services/auth/secrets.js';
import type { BenchRequest, Kind, Session } from './bench-mix.js';

/** create-db.ts's default pool size, which the API (connect) uses. */
const API_POOL_SIZE = 10;

/** A statement the capturing API ran, with how long the database took to answer it. */
export interface Recorded extends CompiledQuery {
  ms: number;
}

/**
 * `db` with a plugin that times each statement sent while `watching()`: transformQuery runs when a query is
 * compiled (just before it is sent) and transformResult when its rows are back, where `done` gets when it was
 * sent, how long it took and a way to compile it (only when asked: on a load run that costs). A query compiled
 * to be a part of another is never sent alone, so never reaches `done`.
 */
export function timedStatements(
  db: Kysely<Database>,
  watching: () => boolean,
  done: (statement: { at: number; ms: number; compile: () => CompiledQuery }) => void,
): Kysely<Database> {
  const started = new Map<QueryId, { at: number; node: RootOperationNode }>();
  return db.withPlugin({
    transformQuery({ node, queryId }) {
      if (watching()) started.set(queryId, { at: performance.now(), node });
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const start = started.get(queryId);
      started.delete(queryId);
      if (start)
        done({
          at: start.at,
          ms: performance.now() - start.at,
          compile: () => db.getExecutor().compileQuery(start.node, queryId),
        });
      return result;
    },
  });
}

/** The Kysely to build the capturing API with, and a way to record (and time) what one piece of work runs. */
export function sqlRecorder(db: Kysely<Database>) {
  // The log of the work being recorded, by async context: the capturing API's own background loops (mail and
  // webhook retries) run their statements meanwhile, and those are no request's.
  const context = new AsyncLocalStorage<(Recorded & { at: number })[]>();
  return {
    db: timedStatements(
      db,
      () => context.getStore() !== undefined,
      ({ at, ms, compile }) => context.getStore()?.push({ ...compile(), at, ms }),
    ),
    async record(work: () => Promise<void>): Promise<Recorded[]> {
      const statements: (Recorded & { at: number })[] = [];
      await context.run(statements, work);
      // In the order they were sent (statements run together finish in any order).
      return statements.sort((a, b) => a.at - b.at).map(({ at: _, ...recorded }) => recorded);
    },
  };
}

export const baselinePath = (kind: Kind) => `/baseline/${encodeURIComponent(kind.name)}`;

const tokenOf = (headers: Record<string, string | string[] | undefined>) =>
  String(headers.token ?? headers.authorization ?? '').replace(/^Bearer\s+/i, '');

interface Captured {
  /** The API's access-token lookup (its one parameter is the token's hash). */
  tokenSql: string;
  /** Per user id and kind name: what the API runs after the token lookup. */
  statements: Map<number, Map<string, CompiledQuery[]>>;
}

/** Records the SQL of every read kind for every session by asking the capturing API once each. */
export async function captureReads(
  app: FastifyInstance,
  record: (work: () => Promise<void>) => Promise<CompiledQuery[]>,
  sessions: Session[],
  kinds: Kind[],
  tenantId: string,
): Promise<Captured> {
  const ask = async (request: BenchRequest) => {
    const res = await app.inject({
      method: request.method,
      url: request.path,
      headers: request.headers,
      payload: request.body,
    });
    return { status: res.statusCode, body: res.body };
  };
  const reads = kinds.filter((k) => k.read);
  // One request first, unrecorded: the API reads the tenant once per process, not once per request.
  await ask(reads[0]!.request(sessions[0]!, tenantId));
  let tokenSql = '';
  const statements = new Map<number, Map<string, CompiledQuery[]>>();
  for (const session of sessions) {
    const byKind = new Map<string, CompiledQuery[]>();
    statements.set(session.user.userId, byKind);
    for (const kind of reads) {
      let answer = { status: 0, body: '' };
      const sqls = await record(async () => {
        answer = await ask(kind.request(session, tenantId));
      });
      if (answer.status !== 200 || (kind.ok && !kind.ok(answer.body, session)))
        throw new Error(`capturing ${kind.name}: ${answer.status} ${answer.body.slice(0, 300)}`);
      const [lookup, ...rest] = sqls;
      if (!lookup || lookup.parameters[0] !== sha256(session.token))
        throw new Error(`capturing ${kind.name}: the first statement is not the token lookup`);
      tokenSql = lookup.sql;
      byKind.set(kind.name, rest);
    }
  }
  return { tokenSql, statements };
}

/** The bare server: per read kind, the token lookup then the captured statements, answered as their rows. */
export async function startBaseline(
  db: Kysely<Database>,
  databaseUrl: string | undefined,
  captured: Captured,
  tenantId: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: API_POOL_SIZE }) : undefined;
  const run = async (sql: string, parameters: readonly unknown[]) =>
    pool
      ? (await pool.query(sql, parameters as unknown[])).rows
      : (await db.executeQuery(CompiledQuery.raw(sql, [...parameters]))).rows;
  const bare = Fastify();
  bare.post<{ Params: { kind: string } }>('/baseline/:kind', async (request, reply) => {
    const [row] = (await run(captured.tokenSql, [sha256(tokenOf(request.headers))])) as {
      user_id: number;
      tenant_id: number;
      revoked_at: Date | null;
      expires_at: Date;
    }[];
    if (!row || row.revoked_at || row.tenant_id !== tenantId || row.expires_at <= new Date())
      return reply.code(401).send({ message: 'Unauthenticated.' });
    const statements = captured.statements.get(row.user_id)?.get(request.params.kind);
    if (!statements) return reply.code(404).send({ message: 'Not found.' });
    const data = [];
    for (const statement of statements) data.push(await run(statement.sql, statement.parameters));
    return { data };
  });
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    close: async () => {
      await bare.close();
      await pool?.end();
    },
  };
}
