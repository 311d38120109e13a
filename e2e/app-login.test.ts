/**
 * The portal app in Chromium against the real API (PGlite, seeded) and built tenants: login with the mailed OTP,
 * the trusted device, logout, an expired session, profile and picture, other tabs, the idle limit on the wall
 * clock, and the mailed sign-in link.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  PASSWORD,
  PNG,
  SHOTS,
  fromMail,
  newContext,
  otpFromMail,
  signIn,
  submitCredentials,
  useAppStack,
} from './app-support';

const app = useAppStack(['demo', 'globex']);

describe('login, trusted device, logout, expired session (demo)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext();
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it('logs in with the OTP read from the mail and shows the shell', async () => {
    const since = await submitCredentials(page, app.stack.urls.demo!, 'client@demo.test');
    expect(await page.title()).toBe('Sign in · Coaching Portal');
    const sent = page.getByText('A One-Time Password (OTP) has been sent to your email');
    await sent.waitFor();
    const otp = page.getByLabel('One-time password');
    expect(await otp.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await otp.getAttribute('inputmode')).toBe('numeric');
    expect(await page.getByRole('button', { name: /^Resend OTP \(\d+\)$/ }).isDisabled()).toBe(true);
    await otp.fill(await otpFromMail('client@demo.test', since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    // client@ has group_coaching: / leads to /groups.
    expect(new URL(page.url()).pathname).toBe('/groups');
    // The OTP toast belonged to the sign-in step: dismissed with it, not left over the portal.
    expect(await page.locator('.Toastify__toast[data-in="true"]').count()).toBe(0);
    await sent.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'My Groups' }).waitFor();
    expect(await page.title()).toBe('Groups · Coaching Portal');
    // The heading is drawn before the groups' answer is in: wait for the list, then count.
    const group = page.getByRole('link', { name: 'Business Academy' });
    await group.first().waitFor();
    expect(await group.count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'app-demo-client-shell.png') });
    // The tab names each page, then the tenant.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const [link, title] of [
      ['My Schedule', 'Schedule'],
      ['My Action Steps', 'Action Steps'],
      ["My Coach's Profile", "Coach's Profile"],
    ] as const) {
      await menu.getByRole('link', { name: link }).click();
      await page.waitForFunction((want) => document.title === want, `${title} · Coaching Portal`);
    }
    await page.goto(`${app.stack.urls.demo}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Coaching Portal');
  });

  it('logs out from the user menu', async () => {
    await page
      .getByRole('button', { name: /Daniel Reyes/ })
      .first()
      .click();
    // SPEC §4: the page reloads after logout; a value left on window would survive a client-side route change.
    await page.evaluate(() => Object.assign(window, { beforeLogout: true }));
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => 'beforeLogout' in window)).toBe(false);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored['portal.token']).toBeUndefined();
    expect(stored['portal.user']).toBeUndefined();
    await page.goto(`${app.stack.urls.demo}/notes`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('skips the OTP on the now trusted device', async () => {
    await submitCredentials(page, app.stack.urls.demo!, 'client@demo.test');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.getByLabel('One-time password').count()).toBe(0);
  });

  it("shows 'Session Expired' and returns to the login page when the server ends the session", async () => {
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    // The server revokes the token (as a logout elsewhere, or the idle limit, would).
    const revoked = await fetch(`${app.stack.apiUrl}/api/auth/logout`, {
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
    await submitCredentials(page, app.stack.urls.demo!, 'client@demo.test'); // trusted: no OTP
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
    await signIn(first, app.stack.urls.demo!, 'basic@demo.test');
    const second = await context.newPage();
    await second.goto(`${app.stack.urls.demo}/notes`);
    await second.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await first
      .getByRole('button', { name: /Priya Natarajan/ })
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
    await signIn(page, app.stack.urls.demo!, 'basic@demo.test');
    await page.clock.fastForward('02:00:00');
    await page.getByText('You were signed out after an hour without activity.').waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('a session left idle for an hour while the browser was closed is not restored', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, app.stack.urls.demo!, 'basic@demo.test');
    await page.close();
    // The last activity any tab recorded was two hours ago when the portal is opened again.
    // (Init scripts run in the new page's blank document too, which has no storage.)
    await context.addInitScript(() => {
      if (location.protocol.startsWith('http'))
        localStorage.setItem('portal.activity', String(Date.now() - 7_200_000));
    });
    const again = await context.newPage();
    await again.goto(`${app.stack.urls.demo}/notes`);
    await again.getByRole('heading', { name: 'Sign in' }).waitFor();
    await again.getByText('You were signed out after an hour without activity.').waitFor();
    await context.close();
  });
});

describe('sign-in link (globex)', () => {
  it('mails a single-use link that signs in once', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const origin = app.stack.urls.globex!;
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill('client@globex.test');
    await page.getByLabel('Password').fill(PASSWORD);
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Email me a sign-in link instead of a code' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    // The mail links to the tenant's real domain; the same path on this local origin is the same page.
    const token = await fromMail('client@globex.test', since, /\/fbslogin\/([A-Za-z0-9_-]+)/);
    await page.goto(`${origin}/fbslogin/${token}`);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const other = await (await newContext()).newPage();
    await other.goto(`${origin}/fbslogin/${token}`);
    await other.getByRole('heading', { name: 'This link did not work' }).waitFor();
    await other.context().close();
    await context.close();
  });
});
