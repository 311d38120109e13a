// `npm run api` on a PORT something else already holds: the process must stop, not sit there with its database
// open and nothing listening (a supervisor or `npm start` would wait for it forever).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let holder: Server;
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-server-port-'));
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  port = (holder.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('npm run api on a busy PORT', () => {
  it('exits non-zero with one line that names PORT', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PGLITE_DIR: join(dir, 'pg'),
        MAIL_DIR: join(dir, 'mail'),
        TENANTS_DIR: join(root, 'api/test/fixtures/tenants'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk) => (stderr += String(chunk)));
    // Without the fix the process never exits and the test's own timeout fails it.
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `portal API: port ${port} on 127.0.0.1 is in use; set PORT to a free port.`,
    ]);
    // A hang detector, not a timing: the process first migrates a new PGlite database, which on a loaded
    // two-core machine has taken past the suite's 60 s default.
  }, 180_000);
});
