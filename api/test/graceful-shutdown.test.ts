// The process entry (`npm run api`) on a real PostgreSQL server, stopped with SIGTERM while a sign-in is in
// flight: the request waits on a table lock this file holds (so it is in flight for certain, not by timing),
// the listening socket is closed at once (new connections refused), the request still gets its 200 once the
// lock goes, and only then does the process exit 0.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster } from './helpers/pg-cluster.js';
import type { PgCluster } from './helpers/pg-cluster.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let cluster: PgCluster;
let dir: string;
let server: ChildProcess | undefined;
const lines: string[] = [];

const runTs = (file: string, env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });

// Generous: on a loaded 2-core machine (the test beside another file and a PostgreSQL server) a first request
// to a process just started has taken over 15 s to reach its first statement.
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no sign of ${what}:\n${lines.slice(-10).join('\n')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** 'refused' when nothing listens on the port any more, 'accepted' while something does. */
const tryConnect = (port: number) =>
  new Promise<'accepted' | 'refused'>((resolve, reject) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve('accepted')));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
    );
  });

let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  cluster = await startPgCluster();
  dir = await mkdtemp(join(tmpdir(), 'portal-shutdown-'));
  env = {
    PORT: '0',
    DATABASE_URL: cluster.url,
    // The request waits on a lock for as long as the test holds it: no statement timeout may end it first.
    DATABASE_STATEMENT_TIMEOUT_MS: '60000',
    MAIL_DIR: join(dir, 'mail'),
    MAIL_STORAGE: join(dir, 'storage'),
    TENANTS_DIR: join(root, 'tenants'),
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
  };
  const seed = runTs('api/src/seed/seed-cli.ts', env);
  seed.stdout!.resume();
  expect(await new Promise((resolve) => seed.once('exit', resolve))).toBe(0);
}, 120_000);

afterAll(async () => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  cluster?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('graceful shutdown on a real PostgreSQL server', () => {
  it('refuses new connections, finishes the sign-in in flight with 200, then exits 0', async () => {
    const running = runTs('api/src/server.ts', env);
    server = running;
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      void exited.then((code) => reject(new Error(`the server exited with ${code}`)));
      createInterface({ input: running.stdout! }).on('line', (line) => {
        lines.push(line);
        const address = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(line)?.[1];
        if (address) resolve(address);
      });
    });
    const port = Number(new URL(url).port);

    const locker = new pg.Client({ connectionString: cluster.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE otp_challenges IN ACCESS EXCLUSIVE MODE');
      const answer = fetch(`${url}/api/auth/loginotp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenant-id': '1001' },
        body: JSON.stringify({ email: 'client@demo.test', password: 'portal-demo-1' }),
      });
      // An answer before the request was seen waiting means it never reached the lock: say what it was.
      let early: string | undefined;
      void answer.then(
        async (res) => (early = `answered ${res.status}: ${await res.clone().text()}`),
        (error: Error) => (early = `failed: ${error.message}`),
      );
      // A statement of the sign-in is queued behind the lock: in flight. Not the start-up purge of expired
      // challenges, which waits on the same lock: taking it for the sign-in sent SIGTERM before the request had
      // reached the server, which then answered it 503 as a server that is closing.
      await until(async () => {
        const waiting = await locker.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND query NOT ILIKE 'delete from "otp_challenges" where "expires_at"%'`,
        );
        if (early) throw new Error(`the sign-in never waited on the lock: it ${early}`);
        return waiting.rows[0].n > 0 ? true : undefined;
      }, 'the sign-in waiting on the lock');

      running.kill('SIGTERM');
      await until(() => (lines.some((l) => l.includes('"signal":"SIGTERM"')) ? true : undefined), 'shutdown');
      // Nothing new gets in while the request in flight holds the process open.
      await until(async () => ((await tryConnect(port)) === 'refused' ? true : undefined), 'a refusal');
      expect(running.exitCode).toBeNull();

      await locker.query('COMMIT');
      const res = await answer;
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ challenge: expect.any(String) });
    } finally {
      await locker.end();
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
