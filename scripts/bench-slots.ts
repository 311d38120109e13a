// `npm run bench:slots`: a busy coach's free slots through the real HTTP API, against booking's target "free
// slots for a coach with 8 weeks of availability, 300 meetings and 2,000 external events: p99 under 50 ms".
//   npm run bench:slots                                   # PGlite in a temp folder
//   bash scripts/with-postgres.sh npm run bench:slots     # PostgreSQL (DATABASE_URL)
//   BENCH_DURATION=10 BENCH_CLIENTS=4 ...                 # seconds per run (default 20), concurrent clients (4)
//   BENCH_CPU_PROF=<folder> ...                           # the API process's CPU profile, written when it stops
//   BENCH_EXPLAIN=1 ...                                   # each read statement in full with its plan
// The API runs in a child process (lib/bench-child.ts), seeded like `npm run seed` and then given: the demo
// coach's weekly hours (three ranges a weekday, a Saturday morning; lib/bench-booking.ts) booked up to 56 days
// ahead, 300 meetings in those 56 days, and BENCH_CLIENTS simulated clients of theirs with the booking flag
// (lib/bench-users.ts). This process serves the coach's outside calendar, an .ics of 2,000 events in those weeks,
// from a node:http server on 127.0.0.1; the coach connects it through the API (POST /api/v1/coach/calendars),
// whose calendars service reads it once, as for a real coach. Then the clients ask GET /api/v1/booking/slots
// for the 8 weeks: in one request (days=56, what the verdict reads) and in the /book page's 14-day pages (any of
// the four at random), each closed loop (the next request when the last is answered), one client and then
// BENCH_CLIENTS at once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { buildApp } from '../api/src/app.js';
import { connect } from '../api/src/db/connect.js';
import type { Database } from '../api/src/db/database.js';
import { demoPassword } from '../api/src/seed/seed.js';
import { coachByUser } from '../api/src/services/booking/booking-coach.js';
import { sqlRecorder } from './lib/bench-baseline.js';
import { fillMeetings, setBenchHours } from './lib/bench-booking.js';
import { startServer } from './lib/bench-child.js';
import { loadAverage, positive } from './lib/bench-settings.js';
import { clientAddress, runMix, slotsKind } from './lib/bench-mix.js';
import type { Kind, KindStats, Session } from './lib/bench-mix.js';
import { signIn } from './lib/bench-signin.js';
import { explainer, printStatementLog, statementLog } from './lib/bench-statements.js';
import type { KindStatements } from './lib/bench-statements.js';
import type { BenchUser } from './lib/bench-users.js';
import { BENCH_COACH_EMAIL, BENCH_TENANT, benchAppOptions, seedBenchWorld } from './lib/bench-world.js';

const CLIENTS = positive('BENCH_CLIENTS', 4);
const DURATION = positive('BENCH_DURATION', 20);
const CPU_PROF = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const WARM_UP = Math.min(5, DURATION);
/** The target's coach: 8 weeks of availability, 300 meetings in them, 2,000 events in an outside calendar. */
const WEEKS = 8;
const MEETINGS = 300;
const EXTERNAL_EVENTS = 2_000;
const TARGET_P99_MS = 50;
const TENANT = BENCH_TENANT;
const COACH_EMAIL = BENCH_COACH_EMAIL;
const DAY = 86_400_000;
const MINUTE = 60_000;

type ToChild = { type: 'statements'; sessions: Session[] } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; api: string; users: BenchUser[]; meetings: number }
  | { type: 'statements'; kinds: KindStatements[] };

/** Child: the seeded API with the coach's hours and meetings; answers the statement log on request. */
async function serve(workDir: string): Promise<void> {
  const send = (message: FromChild) => process.send!(message);
  const db = await connect({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: join(workDir, 'pg'),
  });
  const { storage, users } = await seedBenchWorld(db, workDir, CLIENTS);
  const coach = (await coachByUser(db, Number(TENANT.id), users[0]!.booking.coachUserId))!;
  const owner = { tenantId: coach.tenant_id, coachId: coach.id };
  await setBenchHours(db, owner, WEEKS * 7);
  const meetings = await fillMeetings(
    db,
    { ...owner, zone: coach.zone, clientIds: users.map((u) => u.userId) },
    { from: new Date(), days: WEEKS * 7, count: MEETINGS },
  );
  const options = (database: Kysely<Database>) => benchAppOptions(database, workDir, storage);
  const api = await buildApp(options(db));
  send({ type: 'ready', api: await api.listen({ port: 0, host: '127.0.0.1' }), users, meetings });
  process.on('message', (message: ToChild) => {
    void (async () => {
      if (message.type === 'statements') {
        const recorder = sqlRecorder(db);
        const logging = await buildApp(options(recorder.db));
        const explain = process.env.BENCH_EXPLAIN ? explainer(db) : undefined;
        const { sessions } = message;
        const kinds = await statementLog(logging, recorder.record, sessions, slotKinds, TENANT.id, explain);
        await logging.close();
        send({ type: 'statements', kinds });
      } else {
        await api.close();
        await db.destroy();
        process.exit(0);
      }
    })();
  });
}

/** The verdict's request (the 8 weeks at once) and the /book page's (a 14-day page of the 8 weeks). */
const full = slotsKind('slots, days=56', 1, WEEKS * 7);
const pages = slotsKind('slots, 14-day pages', 1, 14, () => Math.floor(Math.random() * (WEEKS / 2)));
const slotKinds: Kind[] = [full, pages];

/** The coach's outside calendar: `count` events of 15 or 30 minutes at any hour of the coming `days` days. */
function calendarFile(count: number, days: number): string {
  let seed = 2_000;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const first = Math.floor(Date.now() / DAY) * DAY;
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const events = Array.from({ length: count }, (_, i) => {
    const start = first + Math.floor(random() * days * 96) * 15 * MINUTE;
    const end = start + (1 + Math.floor(random() * 2)) * 15 * MINUTE;
    return [
      'BEGIN:VEVENT',
      `UID:bench-${i}@calendar.test`,
      `DTSTAMP:${stamp(first)}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(end)}`,
      'SUMMARY:Private',
      'END:VEVENT',
    ].join('\r\n');
  });
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//bench//slots//EN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Serves the calendar on 127.0.0.1 and counts its reads (the calendars service should read it once). */
async function serveCalendar(text: string) {
  let reads = 0;
  const server = createServer((_request, response) => {
    reads += 1;
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/private.ics`,
    reads: () => reads,
    close: () => new Promise((r) => server.close(r)),
  };
}

const load = loadAverage;
const ms = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const loadAtStart = load();
  const workDir = await mkdtemp(join(tmpdir(), 'portal-bench-slots-'));
  const engine = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (temp folder)';
  const calendar = await serveCalendar(calendarFile(EXTERNAL_EVENTS, WEEKS * 7));
  const child = startServer<ToChild, FromChild>(fileURLToPath(import.meta.url), workDir, CPU_PROF);
  try {
    const ready = await child.ask('ready');
    const mailDir = join(workDir, 'mail');
    const person = (email: string, ip: string) =>
      signIn(ready.api, { tenantId: TENANT.id, mailDir, email, password: demoPassword, ip });
    const coach = await person(COACH_EMAIL, clientAddress(ready.users.length));
    const added = await fetch(`${ready.api}/api/v1/coach/calendars`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tenant-id': TENANT.id,
        authorization: `Bearer ${coach.token}`,
      },
      body: JSON.stringify({ label: 'Private', url: calendar.url }),
    });
    const connection = (await added.json()) as { data?: { state: string; busy_count: number } };
    if (connection.data?.state !== 'ok' || connection.data.busy_count !== EXTERNAL_EVENTS)
      throw new Error(`The calendar was not read whole: ${added.status} ${JSON.stringify(connection)}`);
    const sessions: Session[] = [];
    for (const [n, user] of ready.users.entries()) {
      const ip = clientAddress(n);
      sessions.push({ user, ip, coachToken: coach.token, free: [], ...(await person(user.email, ip)) });
    }

    // What one answer holds, to say what was measured.
    const request = full.request(sessions[0]!, TENANT.id);
    const answer = await fetch(ready.api + request.path, { headers: request.headers });
    const body = await answer.text();
    if (!answer.ok) throw new Error(`GET ${request.path}: ${answer.status} ${body.slice(0, 300)}`);
    full.ok!(body, sessions[0]!);
    const slotCount = sessions[0]!.free.length;

    const { kinds: statements } = await child.ask('statements', {
      type: 'statements',
      sessions: sessions.slice(0, 5),
    });
    await runMix({ url: ready.api, tenantId: TENANT.id, sessions, kinds: slotKinds, seconds: WARM_UP });
    const rows: { kind: KindStats; clients: number }[] = [];
    let errors = 0;
    for (const kind of slotKinds)
      for (const clients of [1, CLIENTS]) {
        const result = await runMix({
          url: ready.api,
          tenantId: TENANT.id,
          sessions: sessions.slice(0, clients),
          kinds: [kind],
          seconds: DURATION,
        });
        rows.push({ kind: result.kinds[0]!, clients });
        errors += result.all.errors + result.transportErrors;
      }
    const loadAfter = load();

    console.log(
      `\nSlots benchmark on ${engine}: Node ${process.version}, ${DURATION} s per run, ` +
        `load average ${loadAtStart} at the start, ${loadAfter} after the runs (1, 5, 15 min)`,
    );
    console.log(
      `The coach: ${WEEKS} weeks of hours (3 ranges a weekday, a Saturday morning), ${ready.meetings} meetings ` +
        `in them, an outside calendar of ${EXTERNAL_EVENTS} events read ${calendar.reads()} time(s) ` +
        `by the calendars service; the 8 weeks' answer holds ${slotCount} free slots (${body.length} bytes).\n`,
    );
    console.log("Each request's SQL, one at a time through inject (the median of the clients):\n");
    printStatementLog(statements);
    console.log('\n| request | clients | requests | requests/s | p50 ms | p95 ms | p99 ms | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { kind: k, clients } of rows)
      console.log(
        `| ${k.name} | ${clients} | ${k.requests} | ${Math.round(k.rps)} | ${ms(k.p50)} | ${ms(k.p95)} | ${ms(k.p99)} | ${k.errors} |`,
      );
    const verdict = rows.filter((r) => r.kind.name === full.name);
    const met = verdict.every((r) => r.kind.requests > 0 && r.kind.p99 < TARGET_P99_MS);
    console.log(
      `\n- p99 < ${TARGET_P99_MS} ms (GET /api/v1/booking/slots for the 8 weeks, days=56, 1 and ${CLIENTS} clients): ` +
        `${met ? 'met' : 'NOT met'} (${verdict.map((r) => `${ms(r.kind.p99)} ms`).join(', ')}; ` +
        `load average ${loadAfter})`,
    );
    if (errors > 0) {
      console.error('\nSome requests failed: the figures above are not valid.');
      process.exitCode = 1;
    }
  } finally {
    await child.stop({ type: 'stop' });
    await calendar.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]!);
else await main();
