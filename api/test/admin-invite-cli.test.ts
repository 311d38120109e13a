// `portal admin invite`, the real CLI (bin/portal.js in a child process) against a real API listening on
// 127.0.0.1 (PGlite, or PostgreSQL through scripts/with-postgres.sh) started with an OPS_TOKEN: a tenant's
// admin invited by mail, safe to run again, --json; the token from PORTAL_OPS_TOKEN or, for an API on this
// machine, from the data folder `npm start` keeps it in; a refused token exits 4, a tenant the API does not
// serve yet exits 1 saying to restart it, an unknown tenant 2.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, fixtureTenants } from './helpers/harness.js';
import { linkToken, waitForMail } from './helpers/mail.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'ops-token-of-the-cli-tests-0123456789abcdef';
const h = new Harness();
let url: string;
let dir: string;
let tenantsDir: string;

beforeAll(async () => {
  await h.start({ opsToken: TOKEN });
  url = await h.app.listen({ host: '127.0.0.1', port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'portal-admin-invite-'));
  // The API's tenants, and one it does not serve yet (made after it started, as `portal init` makes one).
  tenantsDir = join(dir, 'tenants');
  await cp(fixtureTenants, tenantsDir, { recursive: true });
  await mkdir(join(tenantsDir, 'gamma'));
  await writeFile(
    join(tenantsDir, 'gamma', 'tenant.json'),
    JSON.stringify({ id: 503, name: 'Gamma Coaching', domain: 'portal.gamma.example', apiUrl: '/' }),
  );
});
afterAll(async () => {
  await h.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const unique = Math.random().toString(36).slice(2, 8);

const portal = (args: string[], env: Record<string, string> = { PORTAL_OPS_TOKEN: TOKEN }) =>
  execa('node', [join(root, 'bin/portal.js'), 'admin', 'invite', ...args, '--tenants-dir', tenantsDir], {
    cwd: dir,
    reject: false,
    env: { PORTAL_API_URL: url, NO_COLOR: '1', DATA_DIR: join(dir, 'no-data'), ...env },
  });

const names = ['--first-name', 'Olga', '--last-name', 'Operator'];

describe('portal admin invite', () => {
  it("invites a tenant's admin by mail, and says so; again, the admin is invited again", async () => {
    const email = `olga.${unique}@alpha.test`;
    const result = await portal(['--tenant', 'alpha', email, ...names]);
    expect(result.exitCode, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toBe(`Invited Olga Operator <${email}> as an admin of Alpha Coaching.`);
    expect(result.stderr).toContain(
      'Next: Olga opens the link in the invitation mail (valid 7 days), sets a password and signs in.',
    );
    expect(result.stderr).toContain(
      'An API on this machine without SMTP_URL writes it as the newest .eml file in no-data/mail/.',
    );
    const mail = await waitForMail(h.mailDir, email);
    expect(linkToken(mail, 'invitation').url).toMatch(
      /^https:\/\/portal\.alpha-coaching\.example\/invitation\//,
    );
    const again = await portal(['--tenant', 'alpha', email, ...names, '--json']);
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      outcome: 'invited again',
      tenant: 'alpha',
      email,
      status: 'pending',
    });
  });

  it('takes the token npm start keeps in the data folder for an API on this machine', async () => {
    const data = join(dir, 'data');
    await mkdir(data, { recursive: true });
    await writeFile(join(data, 'ops-token'), `${TOKEN}\n`);
    const result = await portal(['--tenant', 'beta', `bea.${unique}@beta.test`, ...names], {
      DATA_DIR: data,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('as an admin of Beta Leadership.');
  });

  it('exits 4 for a refused token and 2 without one, naming the variable', async () => {
    const wrong = await portal(['--tenant', 'alpha', `w.${unique}@alpha.test`, ...names], {
      PORTAL_OPS_TOKEN: `${TOKEN}-not`,
    });
    expect(wrong.exitCode).toBe(4);
    expect(wrong.stderr).toContain('error: This is not the operator token of this API (its OPS_TOKEN)');
    expect(wrong.stderr).toContain('Set PORTAL_OPS_TOKEN');
    const none = await portal(['--tenant', 'alpha', `n.${unique}@alpha.test`, ...names], {});
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('set PORTAL_OPS_TOKEN to the operator token of the API (its OPS_TOKEN)');
  });

  it('exits 1 for a tenant the API does not serve yet, saying to restart it; 2 for an unknown one', async () => {
    const unserved = await portal(['--tenant', 'gamma', `g.${unique}@gamma.test`, ...names]);
    expect(unserved.exitCode).toBe(1);
    expect(unserved.stderr).toContain('This API serves no tenant "gamma"');
    expect(unserved.stderr).toContain('stop `npm start` (Ctrl-C) and run it again');
    const unknown = await portal(['--tenant', 'alhpa', `u.${unique}@alpha.test`, ...names]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('There is no tenant "alhpa": did you mean "alpha"?');
  });

  it('exits 1 for a person of another role, with the next step; --json carries the error', async () => {
    const client = await h.createUser({ email: `c.${unique}@alpha.test` });
    const result = await portal(['--tenant', 'alpha', client.email, ...names, '--json']);
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(result.stdout).error.message).toBe(
      `${client.email} is a client of Alpha Coaching. Invite another address as admin, or ask an admin of Alpha Coaching to change their role under People`,
    );
  });
});
