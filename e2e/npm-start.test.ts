/**
 * `npm start`, the README's first command: builds and publishes every tenant, seeds and starts the API, serves
 * each portal, and prints where everything is. Run as its own process on free ports, with data folders that do
 * not exist yet (as on a fresh clone); Ctrl-C (SIGTERM here) stops all of it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, freePort } from '../scripts/lib/api-process.js';

let work: string;
let start: ResultPromise;
let output = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-start-'));
  start = execa('node', ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    reject: false,
    env: {
      PORT: String(await freePort()),
      SERVE_PORT: '0',
      PGLITE_DIR: path.join(work, 'data', 'pg'),
      MAIL_DIR: path.join(work, 'data', 'mail'),
    },
  });
  start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 240_000;
  while (!output.includes('Press Ctrl-C')) {
    if (Date.now() > deadline || start.exitCode !== null)
      throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

afterAll(async () => {
  start?.kill('SIGTERM');
  await start;
  await rm(work, { recursive: true, force: true });
});

const printed = (pattern: RegExp) => output.match(pattern)?.[1];

describe('npm start', () => {
  it('prints every tenant, the demo logins and where the mail lands', () => {
    for (const slug of ['acme', 'demo', 'globex']) {
      expect(output).toMatch(new RegExp(`\\n\\s+${slug}\\s+http://127\\.0\\.0\\.1:\\d+`));
      expect(output).toContain(`client@${slug}.test`);
    }
    expect(output).toContain('password portal-demo-1');
    expect(output).toContain(path.join(work, 'data', 'mail'));
  });

  it('serves each portal with its baked tenant, its theme, and the API behind it', async () => {
    const acme = printed(/\n\s+acme\s+(http:\/\/127\.0\.0\.1:\d+)/)!;
    const html = await (await fetch(`${acme}/login`)).text();
    expect(JSON.parse(html.match(/id="portal-config">(.*?)<\/script>/)?.[1] ?? 'null')).toMatchObject({
      tenantId: 2002,
    });
    expect((await (await fetch(`${acme}/themes/2002/theme.json`)).json()).colors.primary).toBe('#9a3412');
    const api = printed(/API\s+(http:\/\/127\.0\.0\.1:\d+)/)!;
    expect(await (await fetch(`${api}/health`)).json()).toEqual({ data: { status: 'ok', database: 'up' } });
    // Through the portal's own origin, as the browser calls it.
    expect((await fetch(`${acme}/api/v1/me`, { headers: { 'X-Tenant-Id': '2002' } })).status).toBe(401);
  });
});
