// `npm run bench:api`: the API under the app's own traffic, next to a bare Fastify server running the same SQL
// on the same machine in the same run (the ratio's denominator).
//   npm run bench:api                                   # PGlite in a temp folder
//   bash scripts/with-postgres.sh npm run bench:api     # PostgreSQL (DATABASE_URL)
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 ...          # shorter runs, fewer clients (defaults 60 s, 200)
//   BENCH_SOAK=600 ...                                  # the mix for 10 minutes, the API's memory every minute
//   BENCH_STATEMENTS_ONLY=1 ...                         # only each kind's statement log, no load runs
//   BENCH_EXPLAIN=1 ...                                 # and each read statement in full with its plan
//   BENCH_SLOW_MS=300 ...                               # print every statement slower than that (PGlite blocks on one)
// The servers run in a child process so autocannon (here) does not share their event loop. The child seeds the
// demo data and one client per connection (lib/bench-users.ts); this process signs each in through the real OTP
// flow, reading the code from the .eml file, then runs the mix (lib/bench-mix.ts): the full mix on the API,
// then its read kinds alone on the API and on the baseline (lib/bench-baseline.ts), each for BENCH_DURATION.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../api/src/app.js';
import { connect } from '../api/src/db/connect.js';
import type { Database } from '../api/src/db/database.js';
import { demoPassword } from '../api/src/seed/seed.js';
import {
  baselinePath,
  captureReads,
  sqlRecorder,
  startBaseline,
  timedStatements,
} from './lib/bench-baseline.js';
import { startServer } from './lib/bench-child.js';
import { loadAverage, positive } from './lib/bench-settings.js';
import { clientAddress, mixKinds, runMix, seeFreeSlots } from './lib/bench-mix.js';
import type { KindStats, MixResult, Session } from './lib/bench-mix.js';
import { latencyReport } from './lib/bench-verdict.js';
import { signIn } from './lib/bench-signin.js';
import { explainer, printStatementLog, statementLog } from './lib/bench-statements.js';
import type { KindStatements } from './lib/bench-statements.js';
import type { BenchUser } from './lib/bench-users.js';
import { BENCH_COACH_EMAIL, BENCH_TENANT, benchAppOptions, seedBenchWorld } from './lib/bench-world.js';

const CONNECTIONS = positive('BENCH_CONNECTIONS', 200);
const DURATION = positive('BENCH_DURATION', 60);
const SOAK = process.env.BENCH_SOAK ? positive('BENCH_SOAK', 600) : 0;
/** Requests per second per client in the paced run (the latency target's load). */
const RATE = positive('BENCH_RATE', 2);
/** A folder for the API process's CPU profile (node --cpu-prof), written when it stops. */
const CPU_PROF = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const WARM_UP = Math.min(10, DURATION);
const TENANT = BENCH_TENANT;
const COACH_EMAIL = BENCH_COACH_EMAIL;
const targets = { ratio: 0.5, memoryGrowth: 0.1 };

type ToChild =
  | { type: 'baseline'; sessions: Session[] }
  | { type: 'statements'; sessions: Session[] }
  | { type: 'memory' }
  | { type: 'stop' };
type FromChild =
  | { type: 'ready'; api: string; users: BenchUser[] }
  | { type: 'statements'; kinds: KindStatements[] }
  | { type: 'baseline'; url: string }
  | { type: 'memory'; rss: number; heapTotal: number; heapUsed: number; external: number };

/** Child: the seeded API, then on request the capture and the baseline; talks to the parent over IPC only. */
async function serve(workDir: string): Promise<void> {
  const send = (message: FromChild) => process.send!(message);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const connected = await connect({ databaseUrl, pgliteDir: join(workDir, 'pg') });
  const slowMs = Number(process.env.BENCH_SLOW_MS || 0);
  const db = slowMs > 0 ? slowStatements(connected, slowMs) : connected;
  const { storage, users } = await seedBenchWorld(db, workDir, CONNECTIONS);
  const options = (database: Kysely<Database>) => benchAppOptions(database, workDir, storage);
  const api = await buildApp(options(db));
  const closing: (() => Promise<unknown>)[] = [() => api.close()];
  send({ type: 'ready', api: await api.listen({ port: 0, host: '127.0.0.1' }), users });
  process.on('message', (message: ToChild) => {
    void (async () => {
      if (message.type === 'statements') {
        const recorder = sqlRecorder(db);
        const logging: FastifyInstance = await buildApp(options(recorder.db));
        const kinds = await statementLog(
          logging,
          recorder.record,
          message.sessions,
          mixKinds(demoPassword),
          TENANT.id,
          process.env.BENCH_EXPLAIN ? explainer(db) : undefined,
        );
        await logging.close();
        send({ type: 'statements', kinds });
      } else if (message.type === 'baseline') {
        const recorder = sqlRecorder(db);
        const capturing: FastifyInstance = await buildApp(options(recorder.db));
        const kinds = mixKinds(demoPassword);
        const captured = await captureReads(capturing, recorder.record, message.sessions, kinds, TENANT.id);
        await capturing.close();
        const baseline = await startBaseline(db, databaseUrl, captured, Number(TENANT.id));
        closing.unshift(baseline.close);
        send({ type: 'baseline', url: baseline.url });
      } else if (message.type === 'memory') {
        // After a full collection the heap figure is what is still held, not what awaits collection.
        globalThis.gc?.();
        const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
        send({ type: 'memory', rss, heapTotal, heapUsed, external });
      } else {
        for (const close of closing) await close();
        await db.destroy();
        process.exit(0);
      }
    })();
  });
}

/** Prints every statement slower than `ms` (BENCH_SLOW_MS), with what it was: on PGlite one blocks the process. */
const slowStatements = (db: Kysely<Database>, ms: number) =>
  timedStatements(
    db,
    () => true,
    (statement) => {
      if (statement.ms > ms)
        console.error(
          `slow statement, ${statement.ms.toFixed(0)} ms: ${statement.compile().sql.slice(0, 300)}`,
        );
    },
  );

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const load = loadAverage;
const ms = (n: number) => n.toFixed(1);
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

function kindTable(result: MixResult, weights: Map<string, number>) {
  // "409 taken": a booking's "just taken, here are the nearest" under contention, a correct answer (no error).
  console.log('| kind | weight | requests | requests/s | p50 ms | p99 ms | errors | 409 taken |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const row = (k: KindStats) =>
    console.log(
      `| ${k.name} | ${weights.get(k.name) ?? '-'} | ${k.requests} | ${Math.round(k.rps)} | ${ms(k.p50)} | ${ms(k.p99)} | ${k.errors} | ${k.apart} |`,
    );
  result.kinds.forEach(row);
  row(result.reads);
  row({ ...result.all, errors: result.all.errors + result.transportErrors });
}

function ratioTable(api: MixResult, bare: MixResult) {
  console.log('| read kind | API req/s | API p99 ms | baseline req/s | baseline p99 ms | API ÷ baseline |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const rows = api.kinds.map((k, i) => [k, bare.kinds[i]!] as const);
  for (const [a, b] of [...rows, [api.reads, bare.reads] as const])
    console.log(
      `| ${a.name} | ${Math.round(a.rps)} | ${ms(a.p99)} | ${Math.round(b.rps)} | ${ms(b.p99)} | ${(a.rps / b.rps).toFixed(2)} |`,
    );
}

async function main(): Promise<void> {
  const loadAtStart = load();
  const workDir = await mkdtemp(join(tmpdir(), 'portal-bench-'));
  const engine = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (temp folder)';
  const self = fileURLToPath(import.meta.url);
  const child = startServer<ToChild, FromChild>(self, workDir, CPU_PROF);
  try {
    const ready = await child.ask('ready');
    const mailDir = join(workDir, 'mail');
    // The simulated clients' coach, signed in once from an address of its own, as the coach's kinds' caller.
    const person = (email: string, ip: string) =>
      signIn(ready.api, { tenantId: TENANT.id, mailDir, email, password: demoPassword, ip });
    const coach = await person(COACH_EMAIL, clientAddress(ready.users.length));
    const sessions: Session[] = [];
    for (const [n, user] of ready.users.entries()) {
      const ip = clientAddress(n);
      sessions.push({
        user,
        ip,
        coachToken: coach.token,
        ...(await person(user.email, ip)),
        free: [],
      });
    }
    await seeFreeSlots(ready.api, TENANT.id, sessions);
    const kinds = mixKinds(demoPassword);
    const reads = kinds.filter((k) => k.read);
    const weights = new Map(kinds.map((k) => [k.name, k.weight]));
    const mix = (
      url: string,
      seconds: number,
      which = kinds,
      how: { baseline?: boolean; rate?: number } = {},
    ) =>
      runMix({
        url,
        tenantId: TENANT.id,
        sessions,
        kinds: which,
        seconds,
        rate: how.rate,
        ...(how.baseline && { route: (kind, request) => ({ ...request, path: baselinePath(kind) }) }),
      });
    const memory = () => child.ask('memory', { type: 'memory' });
    const header = (what: string) =>
      console.log(
        `\nAPI benchmark on ${engine}: ${sessions.length} clients, ${what}, Node ${process.version}, ` +
          `load average ${loadAtStart} at the start, ${load()} now (1, 5, 15 min)\n`,
      );

    /** What failed, when something did: the figures alone do not say whether it was load shedding or a bug. */
    const explain = (results: MixResult[]) => {
      const all = new Map<string, { count: number; sample: string }>();
      for (const { failures } of results)
        for (const [key, { count, sample }] of failures)
          all.set(key, { count: (all.get(key)?.count ?? 0) + count, sample });
      const transport = results.reduce((sum, r) => sum + r.transportErrors, 0);
      if (all.size === 0 && transport === 0) return;
      console.log('\nFailed answers (kind, status: count, one body):');
      for (const [key, { count, sample }] of all) console.log(`- ${key}: ${count}, ${sample}`);
      if (transport > 0) console.log(`- connection errors and timeouts: ${transport}`);
    };

    await mix(ready.api, WARM_UP);
    if (SOAK) {
      header(`the mix for ${SOAK} s (after ${WARM_UP} s of warm-up)`);
      const start = await memory();
      console.log(
        '| minute | requests/s | p99 ms | errors | API RSS | heap total | heap used | external | load average |',
      );
      console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
      const memoryCells = (m: typeof start) =>
        `${mb(m.rss)} | ${mb(m.heapTotal)} | ${mb(m.heapUsed)} | ${mb(m.external)}`;
      console.log(`| 0 | - | - | - | ${memoryCells(start)} | ${load()} |`);
      let end = start;
      let errors = 0;
      const minutes: MixResult[] = [];
      for (let second = 0, minute = 1; second < SOAK; second += 60, minute++) {
        const r = await mix(ready.api, Math.min(60, SOAK - second));
        minutes.push(r);
        end = await memory();
        errors += r.all.errors + r.transportErrors;
        console.log(
          `| ${minute} | ${Math.round(r.all.rps)} | ${ms(r.all.p99)} | ${r.all.errors + r.transportErrors} | ${memoryCells(end)} | ${load()} |`,
        );
      }
      // A leak grows; memory handed back to the system after the warm-up is no sign of one.
      console.log('');
      for (const [name, from, to] of [
        ['RSS', start.rss, end.rss],
        ['Heap used', start.heapUsed, end.heapUsed],
      ] as const) {
        const growth = (to - from) / from;
        console.log(
          `${name} ${mb(from)} -> ${mb(to)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %): ` +
            `${growth <= targets.memoryGrowth ? 'flat' : 'GROWING'} (target: at most +${targets.memoryGrowth * 100} %)`,
        );
      }
      console.log(`0 errors: ${met(errors === 0)} (${errors})`);
      explain(minutes);
      if (errors > 0) process.exitCode = 1;
      return;
    }

    // Each kind's statements, timed one request at a time after the warm-up (the median of 5 clients).
    const { kinds: statements } = await child.ask('statements', {
      type: 'statements',
      sessions: sessions.slice(0, 5),
    });
    if (process.env.BENCH_STATEMENTS_ONLY) {
      header('the statement log only');
      printStatementLog(statements);
      return;
    }
    const before = await memory();
    const full = await mix(ready.api, DURATION);
    const paced = await mix(ready.api, DURATION, kinds, { rate: RATE });
    // The latency verdict's context: a busy machine (other work, a slow CI runner) shows in the tail first.
    const loadAfterPaced = load();
    const apiReads = await mix(ready.api, DURATION, reads);
    const { url: bare } = await child.ask('baseline', { type: 'baseline', sessions });
    await mix(bare, WARM_UP, reads, { baseline: true });
    const bareReads = await mix(bare, DURATION, reads, { baseline: true });
    const after = await memory();

    header(`${DURATION} s per run`);
    console.log("Each kind's SQL, one request at a time through inject (the median of 5 clients):\n");
    printStatementLog(statements);
    console.log('');
    console.log(
      'The mix on the API, each client sending its next request when the last is answered (capacity):\n',
    );
    kindTable(full, weights);
    console.log(
      `\nThe mix on the API at ${RATE} requests/s per client (${RATE * sessions.length}/s offered; latency):\n`,
    );
    kindTable(paced, weights);
    const through = process.env.DATABASE_URL ? 'a pg.Pool' : 'the same PGlite';
    console.log(
      `\nThe read kinds alone (same weights, capacity), on the API and on the baseline (its SQL through ${through}):\n`,
    );
    ratioTable(apiReads, bareReads);
    const runs = [full, paced, apiReads];
    const errors = runs.reduce((sum, r) => sum + r.all.errors + r.transportErrors, 0);
    const ratio = apiReads.reads.rps / bareReads.reads.rps;
    console.log(
      `\nAPI RSS ${mb(before.rss)} before the runs, ${mb(after.rss)} after; load average ${load()}`,
    );
    console.log('\nTargets:');
    console.log(`- 0 errors (the three API runs): ${met(errors === 0)} (${errors})`);
    console.log(
      `- reads >= ${targets.ratio} x baseline: ${met(ratio >= targets.ratio)} (${ratio.toFixed(2)})`,
    );
    for (const line of latencyReport(paced.kinds, loadAfterPaced)) console.log(line);
    explain(runs);
    if (bareReads.all.errors + bareReads.transportErrors > 0)
      console.error('\nThe baseline had errors: its figures are not valid.');
    if (errors > 0) {
      console.error('\nSome requests failed: the figures above are not valid.');
      process.exitCode = 1;
    }
  } finally {
    await child.stop({ type: 'stop' });
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]!);
else await main();
