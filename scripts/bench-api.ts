// `npm run bench:api`: how fast the API answers authenticated reads, next to a bare Fastify server answering
// a constant on the same machine in the same run (the ratio's denominator).
//   npm run bench:api                                   # PGlite in a temp folder
//   bash scripts/with-postgres.sh npm run bench:api     # PostgreSQL (DATABASE_URL)
// The servers run in a child process so autocannon (here) does not share their event loop. The child seeds
// the demo data; this process signs client@demo.test in through the real OTP flow, reading the code from the
// .eml file, then runs autocannon at 50 connections for 10 s against each target.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../api/src/app.js';
import { connect } from '../api/src/db/connect.js';
import { demoPassword, seedDemo } from '../api/src/seed/seed.js';
import { createStorage } from '../api/src/services/storage/storage.js';
import { loadTenantFiles } from '../api/src/services/tenants/tenant-files.js';

const CONNECTIONS = 50;
const DURATION = 10;
const TENANT = { id: '1001', email: 'client@demo.test' };
const tenantsDir = resolve('tenants');

interface Urls {
  api: string;
  bare: string;
}

/** Child: the seeded API and the bare server; prints their URLs as one JSON line when ready. */
async function serve(workDir: string): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const db = await connect({ databaseUrl, pgliteDir: join(workDir, 'pg') });
  const storage = createStorage(join(workDir, 'storage'));
  await seedDemo(db, await loadTenantFiles(tenantsDir, console), { production: false, storage });
  const api = await buildApp({ db, tenantsDir, mail: { mailDir: join(workDir, 'mail') }, storage });
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const urls: Urls = {
    api: await api.listen({ port: 0, host: '127.0.0.1' }),
    bare: await bare.listen({ port: 0, host: '127.0.0.1' }),
  };
  process.stdout.write(`${JSON.stringify(urls)}\n`);
  process.once('SIGTERM', () => {
    void Promise.all([api.close(), bare.close()])
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
}

async function post(url: string, body: object): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-id': TENANT.id },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function signIn(api: string, mailDir: string): Promise<{ token: string; userId: number }> {
  const credentials = { email: TENANT.email, password: demoPassword };
  const step = (await post(`${api}/api/auth/loginotp`, credentials)).data as {
    user_id: number;
    challenge: string;
  };
  const files = (await readdir(mailDir)).sort();
  const mail = await readFile(join(mailDir, files[files.length - 1]!), 'utf8');
  const otp = /one-time password is: (\d{6})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
  if (!otp) throw new Error('no OTP in the mail');
  const signedIn = await post(`${api}/api/v1/verifyOTP`, {
    user_id: step.user_id,
    challenge: step.challenge,
    otp,
  });
  return { token: (signedIn.data as { access_token: string }).access_token, userId: step.user_id };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  // A short warm-up so JIT and connection pools are settled before the measured run.
  await autocannon({ ...options, connections: 10, duration: 2 });
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

async function startChild(workDir: string): Promise<{ child: ChildProcess; urls: Urls }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [...process.execArgv, self, 'serve', workDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{"api"')) return { child, urls: JSON.parse(line) as Urls };
  }
  throw new Error('the server process ended before it was ready');
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'portal-bench-'));
  const engine = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (temp folder)';
  const { child, urls } = await startChild(workDir);
  try {
    const { token, userId } = await signIn(urls.api, join(workDir, 'mail'));
    const headers = { 'x-tenant-id': TENANT.id };
    const rows = [
      await measure('bare Fastify constant', { url: urls.bare }),
      await measure('GraphQL member (/gapi)', {
        url: `${urls.api}/gapi`,
        method: 'POST',
        headers: { ...headers, token, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `{ member(user_id: ${userId}) { id first_name last_name email company trainings { group_coaching flash_coaching business_academy } } }`,
        }),
      }),
      await measure('REST GET /api/v1/me', {
        url: `${urls.api}/api/v1/me`,
        headers: { ...headers, authorization: `Bearer ${token}` },
      }),
    ];
    const bare = rows[0]!.rps;
    console.log(
      `\nAPI benchmark on ${engine}: ${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}\n`,
    );
    console.log('| target | requests/s | p50 ms | p99 ms | errors | vs bare |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      console.log(
        `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / bare).toFixed(2)} |`,
      );
    }
    if (rows.some((r) => r.errors > 0)) {
      console.error('\nSome requests failed: the figures above are not valid.');
      process.exitCode = 1;
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]!);
else await main();
