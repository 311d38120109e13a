/**
 * The statement log of `npm run bench:api`: every SQL statement one request of each kind runs, in order, with
 * its time, from a second API instance whose Kysely records them (bench-baseline.ts's sqlRecorder). A kind's
 * cost is then read off its statements, not guessed: how many it runs, which ones, and where the time goes.
 */
import type { FastifyInstance } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../api/src/db/database.js';
import type { Kind, Session } from './bench-mix.js';
import type { Recorded } from './bench-baseline.js';

export interface KindStatements {
  kind: string;
  status: number;
  /** Median over the sessions asked, each statement's time summed per request. */
  statements: number;
  sqlMs: number;
  requestMs: number;
  /** One request's statements (the median one's), in order. */
  log: { sql: string; ms: number; plan?: string }[];
}

interface Run {
  status: number;
  requestMs: number;
  log: Recorded[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Asks `app` for each kind once per session (copies: a login's new token, a booking's id stay here), a kind's
 * `then` right after it on the same copy (a booking's cancel cancels that booking), and reports the median
 * request's statements. Logins run too: they are part of the mix's path.
 */
export async function statementLog(
  app: FastifyInstance,
  record: (work: () => Promise<void>) => Promise<Recorded[]>,
  sessions: Session[],
  kinds: Kind[],
  tenantId: string,
  explain?: (sql: string, parameters: readonly unknown[]) => Promise<string>,
): Promise<KindStatements[]> {
  const runs = new Map<Kind, Run[]>();
  const ask = async (kind: Kind, session: Session) => {
    const request = kind.request(session, tenantId);
    let status = 0;
    let requestMs = 0;
    let body = '';
    const log = await record(async () => {
      const start = performance.now();
      const res = await app.inject({
        method: request.method,
        url: request.path,
        headers: request.headers,
        payload: request.body,
      });
      requestMs = performance.now() - start;
      status = res.statusCode;
      body = res.body;
    });
    runs.set(kind, [...(runs.get(kind) ?? []), { status, requestMs, log }]);
    const ok = status >= 200 && status < 300 && (kind.ok?.(body, session) ?? true);
    if (ok && kind.then) await ask(kind.then, session);
  };
  for (const kind of kinds) for (const original of sessions) await ask(kind, { ...original });
  const result: KindStatements[] = [];
  for (const [kind, kindRuns] of runs) {
    const sqlMs = (r: Run) => r.log.reduce((sum, s) => sum + s.ms, 0);
    const middle = [...kindRuns].sort((a, b) => sqlMs(a) - sqlMs(b))[Math.floor(kindRuns.length / 2)]!;
    result.push({
      kind: kind.name,
      status: middle.status,
      statements: median(kindRuns.map((r) => r.log.length)),
      sqlMs: sqlMs(middle),
      requestMs: median(kindRuns.map((r) => r.requestMs)),
      log: await Promise.all(
        middle.log.map(async (s) => ({
          sql: s.sql,
          ms: s.ms,
          // Only a read is explained with ANALYZE: it runs the statement.
          ...(explain && /^\s*select/i.test(s.sql) && { plan: await explain(s.sql, s.parameters) }),
        })),
      ),
    });
  }
  return result;
}

/** The plan PostgreSQL (or PGlite) chose for a statement, with its actual times (BENCH_EXPLAIN). */
export const explainer =
  (db: Kysely<Database>) =>
  async (text: string, parameters: readonly unknown[]): Promise<string> => {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, costs off) ${text}`, [...parameters]),
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };

/** The log as the bench prints it: one table of kinds, then each kind's statements (SQL shortened). */
export function printStatementLog(kinds: KindStatements[]): void {
  console.log(
    '| kind | status | statements | ms in them (summed: those sent together overlap) | ms the request took (inject) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const k of kinds)
    console.log(
      `| ${k.kind} | ${k.status} | ${k.statements} | ${k.sqlMs.toFixed(2)} | ${k.requestMs.toFixed(2)} |`,
    );
  for (const k of kinds) {
    console.log(`\n${k.kind}:`);
    for (const [i, s] of k.log.entries()) {
      console.log(
        `  ${String(i + 1).padStart(2)}. ${s.ms.toFixed(2).padStart(7)} ms  ${s.plan ? s.sql : shorten(s.sql)}`,
      );
      if (s.plan) console.log(s.plan.replace(/^/gm, '        '));
    }
  }
}

const shorten = (sql: string) => {
  const flat = sql.replace(/\s+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
};
