/**
 * `npm start`, the README's first command: builds and publishes every tenant, seeds and starts the API, serves
 * each portal, and prints where everything is. Run as its own process on free ports, with data folders that do
 * not exist yet (as on a fresh clone); Ctrl-C (SIGTERM here) stops all of it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, freePort } from '../scripts/lib/api-process.js';
import { localGet } from './support/local-get.js';
import { startScript, type ScriptProcess } from './support/script-process.js';

let work: string;
let start: ScriptProcess;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-start-'));
  start = await startScript(
    'start.ts',
    [],
    {
      PORT: String(await freePort()),
      SERVE_PORT: '0',
      PGLITE_DIR: path.join(work, 'data', 'pg'),
      MAIL_DIR: path.join(work, 'data', 'mail'),
    },
    'Press Ctrl-C',
    240_000,
  );
});

afterAll(async () => {
  await start?.stop();
  await rm(work, { recursive: true, force: true });
});

const printed = (pattern: RegExp) => start.output.match(pattern)?.[1];

describe('npm start', () => {
  it('lists each demo login once, in aligned columns', () => {
    const logins = start.output.split('\n').filter((line) => line.includes('(all features)'));
    expect(logins).toHaveLength(3);
    for (const slug of ['acme', 'demo', 'globex']) {
      for (const login of [`client@${slug}.test`, `basic@${slug}.test`])
        expect(start.output.split(login).length - 1, login).toBe(1);
    }
    for (const label of ['(all features)', `basic@`, '(no training flags)']) {
      expect(new Set(logins.map((line) => line.indexOf(label))).size, label).toBe(1);
    }
  });

  it('prints every tenant, the demo logins and where the mail lands', () => {
    for (const slug of ['acme', 'demo', 'globex']) {
      expect(start.output).toMatch(new RegExp(`\\n\\s+${slug}\\s+http://${slug}\\.localhost:\\d+`));
      expect(start.output).toContain(`client@${slug}.test`);
    }
    expect(start.output).toContain('password portal-demo-1');
    expect(start.output).toContain(path.join(work, 'data', 'mail'));
  });

  it('serves each portal with its baked tenant, its theme, and the API behind it', async () => {
    const acme = printed(/\n\s+acme\s+(http:\/\/acme\.localhost:\d+)/)!;
    // Every tenant on the one port, told apart by its host name.
    const ports = ['acme', 'demo', 'globex'].map((slug) => printed(new RegExp(`${slug}\\.localhost:(\\d+)`)));
    expect(new Set(ports).size).toBe(1);
    const html = (await localGet(`${acme}/login`)).body;
    expect(JSON.parse(html.match(/id="portal-config">(.*?)<\/script>/)?.[1] ?? 'null')).toMatchObject({
      tenantId: 2002,
    });
    expect(JSON.parse((await localGet(`${acme}/themes/2002/theme.json`)).body).colors.primary).toBe(
      '#9a3412',
    );
    const api = printed(/API\s+(http:\/\/127\.0\.0\.1:\d+)/)!;
    expect(await (await fetch(`${api}/health`)).json()).toEqual({ data: { status: 'ok', database: 'up' } });
    // Through the portal's own origin, as the browser calls it.
    expect((await localGet(`${acme}/api/v1/me`, { 'X-Tenant-Id': '2002' })).status).toBe(401);
  });
});

describe('npm start on a busy port', () => {
  it.each(['PORT', 'SERVE_PORT'])('names %s, the variable that picks another port', async (variable) => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const result = await execa('node', ['--import', 'tsx', path.join('scripts', 'start.ts')], {
        cwd: REPO_ROOT,
        reject: false,
        timeout: 200_000,
        env: {
          PORT: String(await freePort()),
          SERVE_PORT: '0',
          [variable]: String(port),
          PGLITE_DIR: path.join(work, 'busy', 'pg'),
          MAIL_DIR: path.join(work, 'busy', 'mail'),
        },
      });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`port ${port} is in use`);
      expect(result.stderr).toContain(`${variable}=`);
    } finally {
      busy.close();
    }
  });
});
