/**
 * `npm start`, the README's first command: builds and publishes every tenant, seeds and starts the API, serves
 * each portal, and prints where everything is. Run as its own process on free ports, with data folders that do
 * not exist yet (as on a fresh clone); Ctrl-C (SIGTERM here) stops all of it. Last, what an ops person does
 * next: `portal init` a tenant, restart, and sign in to it in Chromium at its http://<slug>.localhost address.
 */
import { cp, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
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
import type { Browser, Page } from 'playwright-core';
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
    expect(start.output).toContain("admin@<slug>.test  (each tenant's admin:");
    expect(start.output).toContain(path.join(work, 'data', 'mail'));
    expect(start.output).toContain('its links open the local addresses above.');
    // npm start publishes what it built: the build's closing hint to publish would tell a reader to redo it.
    expect(start.output).not.toContain('Next: `portal publish');
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
        '--address',
        '1 Harbour Row, Cork, Ireland',
        '--contact',
        'hello@newco.example',
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

  it('gets its first admin from `portal admin invite`, who invites a coach and a client: each signs in', async () => {
    const newco = printed(/\n\s+newco\s+(http:\/\/\S+)\//)!;
    const api = printed(/API\s+(http:\/\/127\.0\.0\.1:\d+)/)!;
    // The README's command as a newcomer types it: the token is the one npm start keeps in the data folder.
    const since = Date.now() - 1000;
    const invite = await execa(
      'node',
      [
        'bin/portal.js',
        'admin',
        'invite',
        '--tenant',
        'newco',
        'ada@newco.example',
        '--first-name',
        'Ada',
        '--last-name',
        'Admin',
        '--tenants-dir',
        tenantsDir,
      ],
      { cwd: REPO_ROOT, reject: false, env: { NO_COLOR: '1', DATA_DIR: env.DATA_DIR!, PORTAL_API_URL: api } },
    );
    expect(invite.exitCode, invite.stderr).toBe(0);
    expect(invite.stdout).toBe('Invited Ada Admin <ada@newco.example> as an admin of Newco Coaching.');

    const browser = await launchBrowser();
    try {
      const admin = await acceptInvitation(browser, newco, 'ada@newco.example', since);
      await admin.getByRole('heading', { level: 1, name: 'People' }).waitFor();
      expect(new URL(admin.url()).pathname).toBe('/admin');
      await expectNoSeriousViolations(admin, 'newco admin');
      // The coach first: a client's coach is chosen among the active coaches.
      const coachSince = await addPerson(admin, 'Cleo', 'Coach', 'cleo@newco.example', 'coach');
      const coach = await acceptInvitation(browser, newco, 'cleo@newco.example', coachSince);
      await expect.poll(() => new URL(coach.url()).pathname).toBe('/coach');
      const clientSince = await addPerson(
        admin,
        'Cai',
        'Client',
        'cai@newco.example',
        'client',
        'Cleo Coach',
      );
      const client = await acceptInvitation(browser, newco, 'cai@newco.example', clientSince);
      expect(new URL(client.url()).pathname).not.toMatch(/^\/(login|admin|coach)/);
      // The coach's workspace holds their new client.
      await coach.goto(`${newco}/coach/clients`);
      await coach.getByRole('link', { name: 'Cai Client' }).first().waitFor();
    } finally {
      await browser.close();
    }
  }, 300_000);
});

/**
 * The local invitation link of the newest mail to `to` since `since`, and the mail's text (quoted-printable
 * undone, as a reader sees it).
 */
async function invitationMail(to: string, since: number): Promise<{ link: string; text: string }> {
  const mailDir = path.join(work, 'data', 'mail');
  for (let i = 0; i < 100; i++) {
    const names = (await readdir(mailDir)).filter((name) => name.endsWith('.eml'));
    for (const name of names.sort().reverse()) {
      const file = path.join(mailDir, name);
      if ((await stat(file)).mtimeMs < since) continue;
      const text = (await readFile(file, 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /(http:\/\/newco\.localhost:\d+\/invitation\/[\w-]+)/.exec(text)?.[1];
      if (link && new RegExp(`^To: ${to}$`, 'm').test(text)) return { link, text };
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`No invitation to ${to} arrived.`);
}

/** Follows the mailed invitation in a browser of its own: sets a password, then signs in with the mailed code. */
async function acceptInvitation(
  browser: Browser,
  origin: string,
  email: string,
  since: number,
): Promise<Page> {
  const { link, text } = await invitationMail(email, since);
  // The footer portal init wrote (--address, --contact) is in every mail.
  expect(text).toContain('1 Harbour Row, Cork, Ireland');
  // npm start mails local addresses: the link opens this tenant's local portal.
  expect(link.startsWith(`${origin}/invitation/`), link).toBe(true);
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
  await page.getByLabel('Your password', { exact: true }).fill('a newcomer password');
  await page.getByLabel('Confirm your password').fill('a newcomer password');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a newcomer password');
  const otpSince = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign in' }).click();
  const otp = page.getByLabel('One-time password');
  await otp.waitFor();
  await otp.fill(await otpFromMailFolder(path.join(work, 'data', 'mail'), email, otpSince));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  return page;
}

/** The admin adds a person on People, invited by mail; returns when the mail can be looked for. */
async function addPerson(
  admin: Page,
  first: string,
  last: string,
  email: string,
  role: 'coach' | 'client',
  coach?: string,
): Promise<number> {
  await admin.goto(new URL('/admin', admin.url()).href);
  await admin.getByRole('link', { name: 'Add a person' }).click();
  await admin.getByLabel('First name').fill(first);
  await admin.getByLabel('Last name').fill(last);
  await admin.getByLabel('Email', { exact: true }).fill(email);
  await admin.getByRole('combobox', { name: 'Role' }).selectOption(role);
  if (coach) await admin.getByRole('combobox', { name: 'Coach', exact: true }).selectOption({ label: coach });
  expect(await admin.getByLabel(/Send the invitation by email now/).isChecked()).toBe(true);
  const since = Date.now() - 1000;
  await admin.getByRole('button', { name: 'Add the person' }).click();
  await admin.locator('.Toastify').getByText(`${email} was added and invited.`).first().waitFor();
  return since;
}
