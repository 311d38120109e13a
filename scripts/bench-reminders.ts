// `npm run bench:reminders`: 10,000 meeting reminders due in the same minute, delivered over SMTP, while the
// API answers paced traffic; against the target "delivered to the local SMTP server with no duplicate,
// and the API's paced p99 unchanged meanwhile".
//   npm run bench:reminders                                   # PGlite in a temp folder
//   bash scripts/with-postgres.sh npm run bench:reminders     # PostgreSQL (DATABASE_URL)
//   BENCH_DURATION=20 BENCH_CLIENTS=50 BENCH_RATE=2 ...       # paced run seconds, clients, requests/s a client
//   BENCH_REMINDERS=10000 ...                                 # reminders (half to clients, half to the coach)
// The child process (lib/bench-child.ts) seeds the demo world with BENCH_CLIENTS clients of the demo coach
// (lib/bench-world.ts) and runs two apps on one database, as two instances would: the API (no jobs) and a job
// worker (the server's defaults) mailing to this process's SMTP server on 127.0.0.1. Here: the clients sign in,
// the read kinds of bench:api's mix run paced for BENCH_DURATION (without reminders); then the child writes
// BENCH_REMINDERS / 2 meetings of the coach with the clients in turn, each starting an hour and 20 s from now, and
// plans them as every meeting write does (planMeetingReminders: the 24-hour reminders are past, the 1-hour ones
// all due 20 s from now), and the same paced run goes on while they are delivered. The verdict reads each
// reminder's key from its mail (the meeting in its title and the recipient) and counts them.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../api/src/app.js';
import { connect } from '../api/src/db/connect.js';
import { demoPassword } from '../api/src/seed/seed.js';
import { planMeetingReminders } from '../api/src/services/reminders/meeting-reminders.js';
import { startServer } from './lib/bench-child.js';
import { clientAddress, mixKinds, runMix, seeFreeSlots } from './lib/bench-mix.js';
import type { Session } from './lib/bench-mix.js';
import { reminderVerdict } from './lib/bench-reminder-verdict.js';
import { loadAverage, positive } from './lib/bench-settings.js';
import { signIn } from './lib/bench-signin.js';
import type { BenchUser } from './lib/bench-users.js';
import { BENCH_COACH_EMAIL, BENCH_TENANT, benchAppOptions, seedBenchWorld } from './lib/bench-world.js';

const CLIENTS = positive('BENCH_CLIENTS', 50);
const DURATION = positive('BENCH_DURATION', 30);
const RATE = positive('BENCH_RATE', 2);
const REMINDERS = positive('BENCH_REMINDERS', 10_000);
/** How long the reminders may take to arrive, from their due time, before the run gives up on the rest. */
const DELIVERY_LIMIT_S = positive('BENCH_DELIVERY_LIMIT', 600);
const LEAD_MS = 20_000;
const TENANT = BENCH_TENANT;

type ToChild = { type: 'plan' } | { type: 'jobs' } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; api: string; users: BenchUser[] }
  | { type: 'plan'; dueAt: number; planned: number; planMs: number }
  | { type: 'jobs'; states: Record<string, number> };

/** Child: the API and a job worker on one database. */
async function serve(workDir: string): Promise<void> {
  const send = (message: FromChild) => process.send!(message);
  const db = await connect({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: join(workDir, 'pg'),
  });
  const { storage, users } = await seedBenchWorld(db, workDir, CLIENTS);
  const options = benchAppOptions(db, workDir, storage);
  const api = await buildApp(options);
  const worker = await buildApp({
    ...options,
    mail: { ...options.mail, smtpUrl: process.env.BENCH_SMTP_URL },
    jobs: {},
  });
  send({ type: 'ready', api: await api.listen({ port: 0, host: '127.0.0.1' }), users });
  process.on('message', (message: ToChild) => {
    void (async () => {
      if (message.type === 'plan') {
        const started = Date.now();
        const startsAt = new Date(started + 60 * 60_000 + LEAD_MS);
        const coach = await db
          .selectFrom('coaches')
          .innerJoin('users', 'users.id', 'coaches.user_id')
          .select(['coaches.id', 'users.time_zone'])
          .where('users.email', '=', BENCH_COACH_EMAIL)
          .executeTakeFirstOrThrow();
        const meetings = Array.from({ length: REMINDERS / 2 }, (_, i) => ({
          tenant_id: Number(TENANT.id),
          client_id: users[i % users.length]!.userId,
          coach_id: coach.id,
          title: `Bench reminder ${i}`,
          starts_at: startsAt,
          duration_minutes: 30,
          time_zone: coach.time_zone ?? 'UTC',
          meeting_url: `https://meet.example/bench-${i}`,
        }));
        // In transactions of 250 meetings, each planned as the API plans a meeting it writes.
        let planned = 0;
        for (let at = 0; at < meetings.length; at += 250)
          planned += await db.transaction().execute(async (trx) => {
            const rows = await trx
              .insertInto('meetings')
              .values(meetings.slice(at, at + 250))
              .returning('id')
              .execute();
            for (const { id } of rows) await planMeetingReminders(trx, id, new Date(started));
            return rows.length;
          });
        send({
          type: 'plan',
          dueAt: startsAt.getTime() - 60 * 60_000,
          planned,
          planMs: Date.now() - started,
        });
      } else if (message.type === 'jobs') {
        const { rows } = await sql<{ state: string; n: number }>`select state::text, count(*)::int as n
          from pgboss.job where name = 'reminder' and start_after <= now() group by state`.execute(db);
        send({ type: 'jobs', states: Object.fromEntries(rows.map((r) => [r.state, r.n])) });
      } else {
        await api.close();
        await worker.close();
        await db.destroy();
        process.exit(0);
      }
    })();
  });
}

/** A local SMTP server that counts each reminder by its key: the meeting (its title) and the recipient. */
async function startSmtp() {
  const seen = new Map<string, number>();
  let other = 0;
  let last = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const meeting = /Bench reminder (\d+)/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        if (meeting === undefined) other++;
        else {
          const key = `${meeting}:${to}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
          last = Date.now();
        }
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    seen,
    other: () => other,
    last: () => last,
    close: () => new Promise<void>((r) => smtp.close(r)),
  };
}

const ms = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const workDir = await mkdtemp(join(tmpdir(), 'portal-bench-reminders-'));
  const engine = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (temp folder)';
  const smtp = await startSmtp();
  process.env.BENCH_SMTP_URL = smtp.url;
  const child = startServer<ToChild, FromChild>(fileURLToPath(import.meta.url), workDir);
  try {
    const ready = await child.ask('ready');
    const mailDir = join(workDir, 'mail');
    const person = (email: string, ip: string) =>
      signIn(ready.api, { tenantId: TENANT.id, mailDir, email, password: demoPassword, ip });
    const coach = await person(BENCH_COACH_EMAIL, clientAddress(ready.users.length));
    const sessions: Session[] = [];
    for (const [n, user] of ready.users.entries()) {
      const ip = clientAddress(n);
      sessions.push({ user, ip, coachToken: coach.token, ...(await person(user.email, ip)), free: [] });
    }
    await seeFreeSlots(ready.api, TENANT.id, sessions);
    const reads = mixKinds(demoPassword).filter((k) => k.read);
    const paced = (seconds: number) =>
      runMix({ url: ready.api, tenantId: TENANT.id, sessions, kinds: reads, seconds, rate: RATE });
    await paced(Math.min(5, DURATION));
    const without = await paced(DURATION);

    const plan = await child.ask('plan', { type: 'plan' });
    // The paced run starts when the reminders fall due, so it runs while they are sent.
    await new Promise((r) => setTimeout(r, Math.max(0, plan.dueAt - Date.now())));
    const during = await paced(DURATION);
    // Then wait for the rest, if any, without load: the delivery time is the figure.
    const deadline = plan.dueAt + DELIVERY_LIMIT_S * 1000;
    let mails = 0;
    for (;;) {
      mails = [...smtp.seen.values()].reduce((a, b) => a + b, 0);
      if (mails >= REMINDERS || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // Every due job done (none waiting to send a duplicate) before the count is final; the seeded meetings'
    // reminders, days ahead, are not due.
    let states: Record<string, number> = {};
    while (Date.now() < deadline + 60_000) {
      states = (await child.ask('jobs', { type: 'jobs' })).states;
      if (!states.created && !states.retry && !states.active) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    mails = [...smtp.seen.values()].reduce((a, b) => a + b, 0);
    const loadAfter = loadAverage();

    console.log(
      `\nReminders benchmark on ${engine}: Node ${process.version}, ${sessions.length} clients paced at ` +
        `${RATE} requests/s each (bench:api's read kinds), ${DURATION} s a run; load average ${loadAtStart} at ` +
        `the start, ${loadAfter} after (1, 5, 15 min)`,
    );
    console.log(
      `${plan.planned} meetings written and planned in ${(plan.planMs / 1000).toFixed(1)} s; their ` +
        `${REMINDERS} 1-hour reminders due at ${new Date(plan.dueAt).toISOString()}; the last arrived ` +
        `${((smtp.last() - plan.dueAt) / 1000).toFixed(1)} s after that (one worker instance, its defaults); ` +
        `jobs ${JSON.stringify(states)}; other mails ${smtp.other()}\n`,
    );
    console.log('| run | requests | requests/s | p50 ms | p95 ms | p99 ms | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [name, r] of [
      ['without reminders', without],
      ['while reminders are sent', during],
    ] as const)
      console.log(
        `| ${name} | ${r.all.requests} | ${Math.round(r.all.rps)} | ${ms(r.all.p50)} | ${ms(r.all.p95)} | ` +
          `${ms(r.all.p99)} | ${r.all.errors + r.transportErrors} |`,
      );
    console.log('\nTargets:');
    for (const line of reminderVerdict({
      expected: REMINDERS,
      keys: smtp.seen.size,
      mails,
      without: without.all,
      during: during.all,
    }))
      console.log(line);
    const errors = [without, during].reduce((sum, r) => sum + r.all.errors + r.transportErrors, 0);
    if (errors > 0) {
      console.error('\nSome requests failed: the figures above are not valid.');
      process.exitCode = 1;
    }
  } finally {
    await child.stop({ type: 'stop' });
    await smtp.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]!);
else await main();
