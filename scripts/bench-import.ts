// `npm run bench:import`: `portal people import` of a generated 10,000-row CSV against the real API (its own
// process, PGlite in a temp folder; DATABASE_URL through scripts/with-postgres.sh for PostgreSQL), then the
// same file again. Prints each run's wall time and the CLI's peak memory (/usr/bin/time's maximum resident set),
// the API's peak memory (VmHWM of its process), and a verdict line: the re-run must change nothing (every row
// unchanged, none created or changed). A benchmark, not a test: the figures go in the closing note.
//   npm run bench:import                 # 10,000 rows
//   BENCH_ROWS=2000 npm run bench:import # fewer
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { connect } from '../api/src/db/connect.js';
import { seedDemo } from '../api/src/seed/seed.js';
import { createApiKeyService } from '../api/src/services/api-keys/api-key-service.js';
import { createStorage } from '../api/src/services/storage/storage.js';
import { loadTenantFiles } from '../api/src/services/tenants/tenant-files.js';

const ROWS = Number(process.env.BENCH_ROWS || 10_000);
const TENANT = 'acme';
const COACHES = 40;
const COMPANIES = 250;
const ZONES = ['Europe/London', 'America/New_York', 'Europe/Berlin', 'Asia/Singapore', 'Australia/Sydney'];
const root = resolve('.');
const run = promisify(execFile);

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** The people of the file: coaches first in the file's own order only by chance, so the CLI's sorting counts. */
function csv(rows: number): string {
  const lines = ['email,first_name,last_name,role,company,coach_email,time_zone'];
  for (let i = 0; i < rows; i++) {
    if (i % Math.ceil(rows / COACHES) === 0) {
      lines.push(`bench.coach${i}@acme.test,Coach,Number ${i},coach,,,${ZONES[i % ZONES.length]}`);
      continue;
    }
    const coach = Math.floor(i / Math.ceil(rows / COACHES)) * Math.ceil(rows / COACHES);
    lines.push(
      `bench.client${i}@acme.test,Client,Number ${i},client,"Bench Company ${i % COMPANIES}, Ltd",bench.coach${coach}@acme.test,${ZONES[i % ZONES.length]}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The peak resident set of a process so far, in MB (Linux's VmHWM). */
async function peakMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-import-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const env = {
    PGLITE_DIR: join(dir, 'pg'),
    MAIL_DIR: join(dir, 'mail'),
    MAIL_STORAGE: join(dir, 'storage'),
  };
  // Seed and make the key here, then let go of the database (PGlite allows one process a folder).
  const db = await connect({ databaseUrl, pgliteDir: env.PGLITE_DIR });
  const tenants = await loadTenantFiles(resolve('tenants'), console);
  await seedDemo(db, tenants, { production: false, storage: createStorage(env.MAIL_STORAGE) });
  const tenantId = tenants.find((t) => t.slug === TENANT)!.id;
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', 1)
    .executeTakeFirstOrThrow();
  const { key } = await createApiKeyService(db, () => new Date()).create(
    { tenantId, userId: admin.id },
    { name: 'bench:import', scope: 'read-write' },
  );
  await db.destroy();

  const port = await freePort();
  const api = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${url}/ready`).catch(() => undefined))?.status === 200) break;
      if (i > 600) throw new Error('the API never became ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    const file = join(dir, 'people.csv');
    await writeFile(file, csv(ROWS));
    console.log(
      `bench:import: ${ROWS} rows into ${TENANT}, API ${databaseUrl ? 'PostgreSQL' : 'PGlite'} at ${url}`,
    );
    const results = [];
    for (const label of ['first run', 're-run']) {
      const started = performance.now();
      // /usr/bin/time -f: the CLI's maximum resident set (KB) on stderr's last line.
      const { stdout, stderr } = await run(
        '/usr/bin/time',
        [
          '-f',
          'maxrss_kb=%M',
          process.execPath,
          'bin/portal.js',
          'people',
          'import',
          '--tenant',
          TENANT,
          file,
          '--json',
        ],
        {
          cwd: root,
          env: { ...process.env, PORTAL_API_KEY: key, PORTAL_API_URL: url },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const seconds = (performance.now() - started) / 1000;
      const cliMb = Number(/maxrss_kb=(\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
      const result = JSON.parse(stdout) as { created: number; changed: number; unchanged: number };
      const apiMb = await peakMb(api.pid!);
      results.push(result);
      console.log(
        `${label}: ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds)} rows/s), created ${result.created}, changed ${result.changed}, unchanged ${result.unchanged}; CLI peak ${cliMb.toFixed(0)} MB, API peak ${apiMb.toFixed(0)} MB`,
      );
    }
    const [first, again] = results;
    const createdAll = first!.created + first!.changed + first!.unchanged === ROWS;
    const idle = again!.created === 0 && again!.changed === 0 && again!.unchanged === ROWS;
    console.log(
      idle && createdAll
        ? `verdict: ok: the first run took every one of ${ROWS} rows, the re-run changed nothing (${again!.unchanged} unchanged)`
        : `verdict: FAIL: the re-run created ${again!.created} and changed ${again!.changed} of ${ROWS} rows`,
    );
    process.exitCode = idle && createdAll ? 0 : 1;
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
