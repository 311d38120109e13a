/**
 * A tenant made by `portal init --primary "#14b8a6"` (a light teal, which white text does not read on, nor does
 * it read as text on white), validated with --strict, built and served as it was written: its coach's Clients
 * page and a client's page have no serious axe violation (the brand-coloured names and titles, the teal bars'
 * text, the buttons), nor a sign-in screen on the teal login background, and its buttons are a teal, not the
 * default navy.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, expectNoSeriousViolations, newContext, signIn, useAppStack } from './app-support';
import { REPO_ROOT } from './support/stack';

const TEAL = '#14b8a6';
let tenantsDir: string;

const portal = (...args: string[]) =>
  execa('node', [path.join(REPO_ROOT, 'bin/portal.js'), ...args, '--tenants-dir', tenantsDir], {
    cwd: REPO_ROOT,
    env: { NO_COLOR: '1' },
  });

// Before the stack starts (hooks run in the order they are registered): the tenant it builds and seeds.
beforeAll(async () => {
  tenantsDir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-teal-'));
  await portal(
    'init',
    'teal',
    '--id',
    '4242',
    '--name',
    'Teal Coaching',
    '--domain',
    'teal.example',
    '--primary',
    TEAL,
    '--yes',
  );
  // A support address: the sign-in screens' footer shows it as a link, on the login background.
  const file = path.join(tenantsDir, 'teal', 'tenant.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(
    file,
    JSON.stringify({ ...config, footer: { supportEmail: 'help@teal.example' } }, null, 2),
  );
  await portal('validate', '--strict');
});
afterAll(() => rm(tenantsDir, { recursive: true, force: true }));

const app = useAppStack(['teal'], undefined, () => tenantsDir);

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newContext();
  page = await context.newPage();
  await signIn(page, app.stack.urls.teal!, 'coach@teal.test');
});
afterAll(() => context?.close());

const settled = async () => {
  await page.waitForLoadState('networkidle');
  await page.locator('main [role="status"]:has(.spinner)').first().waitFor({ state: 'detached' });
};

describe('a tenant made with portal init --primary teal', () => {
  it("the coach's Clients page reads: no serious axe violation, the teal kept for the bars", async () => {
    await page.goto(`${app.stack.urls.teal!}/coach/clients`);
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await page.locator('.clients-name').first().waitFor();
    await settled();
    await expectNoSeriousViolations(page, 'Clients', 'body');
    const topbar = await page.locator('.topbar').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(topbar).toBe('rgb(20, 184, 166)');
    await page.screenshot({ path: path.join(SHOTS, 'brand-teal-clients.png'), fullPage: true });
  });

  it("a client's page reads too, its primary buttons a teal that white text reads on", async () => {
    await page.locator('a.clients-row').first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled();
    expect(new URL(page.url()).pathname).toMatch(/^\/coach\/clients\/\d+$/);
    await expectNoSeriousViolations(page, 'a client', 'body');
    const button = page.locator('.btn-primary').first();
    const [background, color] = await button.evaluate((el) => [
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el).color,
    ]);
    expect(color).toBe('rgb(255, 255, 255)');
    // Not the default navy (20, 20, 63): a darker shade of the teal, green and blue above red.
    const [r, g, b] = background!.match(/\d+/g)!.map(Number) as [number, number, number];
    expect(g).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(r);
    await page.screenshot({ path: path.join(SHOTS, 'brand-teal-client.png'), fullPage: true });
  });

  it('a sign-in screen reads on the teal login background, its footer and support address too', async () => {
    // A reset link opened while signed in: the card on the login background, with the footer (SPEC §2).
    await page.goto(`${app.stack.urls.teal!}/reset/not-a-real-token`);
    await page.locator('.login-footer').getByRole('link', { name: 'help@teal.example' }).waitFor();
    await expectNoSeriousViolations(page, 'the login background', 'body');
  });
});
