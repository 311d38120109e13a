// The process entry (`npm run api`): configuration from the environment, migrations on start, /health, and a
// SIGTERM that lets a request in flight finish before the process exits 0.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let server: ChildProcess;
let url: string;
const lines: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-server-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      PGLITE_DIR: join(dir, 'pg'),
      MAIL_DIR: join(dir, 'mail'),
      TENANTS_DIR: join(root, 'api/test/fixtures/tenants'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      lines.push(line);
      const address = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(line)?.[1];
      if (address) resolve(address);
    });
  });
}, 120_000);

afterAll(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** Fails with the server's last log lines if `promise` takes over 10 s. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took over 10 s:\n${lines.slice(-10).join('\n')}`)),
      10_000,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`no sign of ${what}:\n${lines.slice(-10).join('\n')}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('npm run api', () => {
  it('migrates on start and reports the database on /health', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok', database: 'up' } });
    expect(lines.some((l) => l.includes('portal API ready'))).toBe(true);
  });

  it('on SIGTERM, a request in flight still gets its answer, then the process exits 0', async () => {
    // A request whose body is still arriving when the signal comes: in flight for certain, not by timing.
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not a password' });
    // A client that keeps its connection open as long as the server allows: shutdown must not wait for it.
    const agent = new http.Agent({ keepAlive: true });
    const request = http.request(`${url}/api/auth/loginotp`, {
      agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-tenant-id': '501' },
    });
    const answered = new Promise<{ status?: number; text: string }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', async (res) => {
        let text = '';
        for await (const chunk of res) text += String(chunk);
        resolve({ status: res.statusCode, text });
      });
    });
    request.write(body.slice(0, 10));
    await until(() => lines.some((l) => l.includes('"url":"/api/auth/loginotp"')), 'the request');
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    await until(() => lines.some((l) => l.includes('"signal":"SIGTERM"')), 'the shutdown');
    request.end(body.slice(10));
    const answer = await within(answered, 'the answer');
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toEqual({
      error: { email: ['These credentials do not match our records.'] },
    });
    expect(await within(exited, 'the exit')).toBe(0);
    agent.destroy();
  });
});
