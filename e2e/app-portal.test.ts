/**
 * The portal app in Chromium against the real API (PGlite, seeded) and built tenants: login with the mailed
 * OTP, the trusted device, logout, an expired session, each tenant's own look, and an axe scan of the screens.
 */
import { mkdir, readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { REPO_ROOT, startStack, type Stack } from './support/stack';

const PASSWORD = 'portal-demo-1';
// A 1x1 PNG: a real image, as the API checks by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
const SHOTS = path.join(REPO_ROOT, 'test-results');

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  stack = await startStack({ tenants: ['demo', 'acme'] });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Only 127.0.0.1 may be contacted: the public avatar service fails, and the app must show initials.
  await context.route(/^https:\/\//, (route) => route.abort());
  return context;
}

/** The OTP of the newest mail to `to` written after `since` (the API writes each mail as an .eml file). */
async function otpFromMail(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(stack.mailDir).catch(() => [] as string[])).filter((n) =>
      n.endsWith('.eml'),
    );
    const files = await Promise.all(
      names.map(async (n) => ({
        file: path.join(stack.mailDir, n),
        at: (await stat(path.join(stack.mailDir, n))).mtimeMs,
      })),
    );
    for (const { file } of files.filter((f) => f.at >= since).sort((a, b) => b.at - a.at)) {
      const text = await readFile(file, 'utf8');
      const code = /one-time password is: (\d{6})/.exec(text)?.[1];
      if (code && new RegExp(`^To: ${to}$`, 'm').test(text)) return code;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No OTP mail to ${to} arrived.`);
}

async function submitCredentials(page: Page, origin: string, email: string): Promise<number> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign in' }).click();
  return since;
}

/** Trusted-device tokens by email: a second login of the same user skips the OTP (and its 60 s resend limit). */
const devices = new Map<string, string>();

/** Signs in, with the mailed OTP the first time and as a trusted device afterwards. */
async function signIn(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/login`);
  const device = devices.get(email);
  if (device) await page.evaluate((token) => localStorage.setItem('portal.device', token), device);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!device) {
    const otp = page.getByLabel('One-time password');
    await otp.waitFor();
    await otp.fill(await otpFromMail(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  const trusted = await page.evaluate(() => localStorage.getItem('portal.device'));
  if (trusted) devices.set(email, trusted);
}

const serious = (violations: { impact?: string | null; id: string; nodes: { target: unknown }[] }[]) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);

describe('login, trusted device, logout, expired session (demo)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext();
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it('logs in with the OTP read from the mail and shows the shell', async () => {
    const since = await submitCredentials(page, stack.urls.demo!, 'client@demo.test');
    await page.getByText('A One-Time Password (OTP) has been sent to your email').waitFor();
    const otp = page.getByLabel('One-time password');
    expect(await otp.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await otp.getAttribute('inputmode')).toBe('numeric');
    expect(await page.getByRole('button', { name: /^Resend OTP \(\d+\)$/ }).isDisabled()).toBe(true);
    await otp.fill(await otpFromMail('client@demo.test', since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    // client@ has group_coaching: / leads to /groups.
    expect(new URL(page.url()).pathname).toBe('/groups');
    await page.getByRole('heading', { name: 'My Groups' }).waitFor();
    expect(await page.getByRole('link', { name: 'Business Academy' }).count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'app-demo-client-shell.png') });
  });

  it('logs out from the user menu', async () => {
    await page
      .getByRole('button', { name: /Rachel|Client|@/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored['portal.token']).toBeUndefined();
    expect(stored['portal.user']).toBeUndefined();
    await page.goto(`${stack.urls.demo}/notes`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('skips the OTP on the now trusted device', async () => {
    await submitCredentials(page, stack.urls.demo!, 'client@demo.test');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.getByLabel('One-time password').count()).toBe(0);
  });

  it("shows 'Session Expired' and returns to the login page when the server ends the session", async () => {
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    // The server revokes the token (as a logout elsewhere, or the idle limit, would).
    const revoked = await fetch(`${stack.apiUrl}/api/auth/logout`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Tenant-Id': '1001' },
    });
    expect(revoked.status).toBe(200);
    // The next call with the dead token (this page's first, not cached) meets the 401.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: "My Coach's Profile" })
      .click();
    await page.getByText('Session Expired').waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByText('Session Expired').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });
  it('edits the profile, changes the picture and shows the coach', async () => {
    await submitCredentials(page, stack.urls.demo!, 'client@demo.test'); // trusted: no OTP
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'My Profile' })
      .click();
    const title = page.getByLabel('Job title');
    await title.fill('Owner and Managing Director');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Save picture' }).click();
    await page.getByText('Profile picture changed successfully').waitFor();
    const picture = page.locator('.side-menu-user img.avatar');
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    await page.reload();
    expect(await page.getByLabel('Job title').inputValue()).toBe('Owner and Managing Director');
    await page.screenshot({ path: path.join(SHOTS, 'app-demo-profile.png'), fullPage: true });
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: "My Coach's Profile" })
      .click();
    await page.locator('.coach-card h2').waitFor();
    expect(await page.locator('.coach-card h2').textContent()).toMatch(/\S+ \S+/);
    await page.screenshot({ path: path.join(SHOTS, 'app-demo-coach.png'), fullPage: true });
  });
});

describe('other tabs and the idle limit (demo, trusted device)', () => {
  it('a logout in one tab signs the other tab out too', async () => {
    const context = await newContext();
    const first = await context.newPage();
    // The same browser profile as a returning user: trust this device with the OTP once.
    await signIn(first, stack.urls.demo!, 'basic@demo.test');
    const second = await context.newPage();
    await second.goto(`${stack.urls.demo}/notes`);
    await second.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await first
      .getByRole('button', { name: /Marcus|Bell|@/ })
      .first()
      .click();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await second.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('a machine waking after two hours is signed out at once', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page, stack.urls.demo!, 'basic@demo.test');
    await page.clock.fastForward('02:00:00');
    await page.getByText('You were signed out after an hour without activity.').waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});

describe("each tenant's look", () => {
  for (const [slug, primary] of [
    ['demo', 'rgb(20, 20, 63)'],
    ['acme', 'rgb(154, 52, 18)'],
  ] as const) {
    it(`${slug} shows its own colours and logo`, async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(`${stack.urls[slug]}/login`);
      const logo = page.locator('.login-logo');
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toMatch(/\/themes\/\d+\/logo\.svg$/);
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
      const button = page.getByRole('button', { name: 'Sign in' });
      expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(primary);
      await page.screenshot({ path: path.join(SHOTS, `app-${slug}-login.png`) });
      await signIn(page, stack.urls[slug]!, `basic@${slug}.test`);
      const bar = page.locator('.topbar');
      expect(await bar.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(primary);
      await page.screenshot({ path: path.join(SHOTS, `app-${slug}-shell.png`) });
      await context.close();
    });
  }

  it('acme ?brand=night shows the night brand', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.urls.acme}/login?brand=night`);
    const logo = page.locator('.login-logo');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/logo-night\.svg$/);
    const button = page.getByRole('button', { name: 'Sign in' });
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(15, 23, 42)');
    await page.screenshot({ path: path.join(SHOTS, 'app-acme-night-login.png') });
    await context.close();
  });
});

describe('accessibility (axe: no serious or critical violation)', () => {
  it('login, OTP, shell and profile', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const scan = async (name: string) => {
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      expect(serious(result.violations), name).toEqual([]);
    };
    const since = await submitCredentials(page, stack.urls.acme!, 'client@acme.test');
    const otp = page.getByLabel('One-time password');
    await otp.waitFor();
    await page.waitForTimeout(500); // toast animation settled
    await scan('otp');
    await otp.fill(await otpFromMail('client@acme.test', since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await scan('shell');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'My Profile' })
      .click();
    await page.getByLabel('First name').waitFor();
    await scan('profile');
    await page.screenshot({ path: path.join(SHOTS, 'app-acme-profile.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    // At phone width the side menu is a closed drawer until the toggle opens it.
    await page.getByRole('button', { name: 'Expand menu' }).waitFor();
    await page.locator('.side-menu').waitFor({ state: 'hidden', timeout: 2000 });
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'My Notes' })
      .waitFor();
    await scan('drawer');
    await page.screenshot({ path: path.join(SHOTS, 'app-acme-drawer.png') });
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${stack.urls.acme}/login`);
    await page.getByLabel('Email').waitFor();
    await scan('login');
    await context.close();
  });
});
