/**
 * `npm start`, the README's first command: builds and publishes every tenant, seeds and starts the API, serves
 * each portal, and prints where everything is. Run as its own process on free ports, with data folders that do
 * not exist yet (as on a fresh clone); Ctrl-C (SIGTERM here) stops all of it. Last, what an ops person does
 * next: `portal init` a tenant, restart, and sign in to it in Chromium at its http://<slug>.localhost address.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, freePort } from '../scripts/lib/api-process.js';
import { otpFromMailFolder } from '../scripts/lib/mail-folder.js';
import { PASSWORD, expectNoSeriousViolations } from './app-support.js';
import { launchBrowser } from './support/browser.js';
import { localGet } from './support/local-get.js';
import { startScript, type ScriptProcess } from './support/script-process.js';

let work: string;
let tenantsDir: string;
let env: Record<string, string>;
let start: ScriptProcess;

const startNpm = () => startScript('start.ts', [], env, 'Press Ctrl-C', 240_000);

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-start-'));
  // The repository's tenants, copied: the last test adds one with `portal init`.
  tenantsDir = path.join(work, 'tenants');
  await cp(path.join(REPO_ROOT, 'tenants'), tenantsDir, { recursive: true });
  env = {
    PORT: String(await freePort()),
    // A fixed port, so the restart below shows every address stays where it was.
    SERVE_PORT: String(await freePort()),
    DATA_DIR: path.join(work, 'data'),
    PORTAL_TENANTS_DIR: tenantsDir,
    LOG_LEVEL: 'info',
  };
  start = await startNpm();
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
    // The build's closing hint, as a user would type it in the repository: no absolute --out.
    expect(start.output).toContain('Next: `portal publish --all` (add --dry-run to see the plan first).');
  });

  it("prints the API's log as plain lines, not JSON", () => {
    expect(start.output).toMatch(/^\d\d:\d\d:\d\d INFO {2}portal API ready /m);
    expect(start.output.split('\n').filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
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

describe('a tenant made by portal init, after a restart', () => {
  it('signs in at its http://<slug>.localhost address, the other tenants keeping theirs', async () => {
    const acme = printed(/\n\s+acme\s+(http:\/\/\S+)\//);
    const init = await execa(
      'node',
      [
        'bin/portal.js',
        'init',
        'newco',
        '--id',
        '4004',
        '--name',
        'Newco Coaching',
        '--domain',
        'portal.newco.example',
        '--yes',
        '--tenants-dir',
        tenantsDir,
      ],
      { cwd: REPO_ROOT, reject: false, env: { NO_COLOR: '1' } },
    );
    expect(init.exitCode, init.stderr).toBe(0);
    await start.stop();
    start = await startNpm();
    const newco = printed(/\n\s+newco\s+(http:\/\/\S+)\//);
    expect(newco).toBe(`http://newco.localhost:${env.SERVE_PORT}`);
    expect(printed(/\n\s+acme\s+(http:\/\/\S+)\//)).toBe(acme);
    expect(start.output).toContain('client@newco.test');

    const browser = await launchBrowser();
    try {
      // A context of its own: axe needs one.
      const page = await (await browser.newContext()).newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${newco}/login`);
      await expectNoSeriousViolations(page, 'newco /login', 'body');
      await page.getByLabel('Email').fill('client@newco.test');
      await page.getByLabel('Password').fill(PASSWORD);
      const since = Date.now() - 1000;
      await page.getByRole('button', { name: 'Sign in' }).click();
      const otp = page.getByLabel('One-time password');
      await otp.waitFor();
      await otp.fill(await otpFromMailFolder(path.join(work, 'data', 'mail'), 'client@newco.test', since));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(new URL(page.url()).host).toBe(`newco.localhost:${env.SERVE_PORT}`);
      expect(await page.title()).toContain('Newco Coaching');
      await expectNoSeriousViolations(page, 'newco after sign-in');
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
    // A whole `npm start` again inside the test (build, publish, seed, serve): the time beforeAll gives the first.
  }, 300_000);
});
