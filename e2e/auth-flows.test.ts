/**
 * The sign-in flows no other browser test walks, in Chromium against the real API (PGlite, seeded): "Resend OTP"
 * with its 300 s counter (the page's clock fast-forwarded, the new code read from the mail), the password reset
 * request and /reset/{token} from the mailed link (opened while signed in: the reset form, not the home page), the CAPTCHA step
 * with a stand-in for reCAPTCHA (a tenant baked with a site key, the API's siteverify pointed at a local
 * stand-in), and a tampered stored session being logged out. axe on every screen.
 */
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTemplates, renderIndex } from '../cli/src/lib/bake/bake.js';
import type { TenantConfig } from '../cli/src/lib/tenants/types.js';
import {
  PASSWORD,
  expectNoSeriousViolations,
  fromMail,
  newContext,
  otpFromMail,
  signIn,
  toastOf,
  useAppStack,
} from './app-support';
import { builtApp } from './support/baked-demo';
import { REPO_ROOT } from './support/stack';

const CAPTCHA_SECRET = 'e2e-captcha-secret';

/** The provider's siteverify, stood in for: it passes only the stand-in widget's answer with our secret. */
const siteverify: { server: Server; url: string; checked: URLSearchParams[] } = await (async () => {
  const checked: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      checked.push(form);
      const success = form.get('secret') === CAPTCHA_SECRET && form.get('response') === 'stand-in-answer';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/siteverify`, checked };
})();
afterAll(() => new Promise((resolve) => siteverify.server.close(resolve)));

const app = useAppStack(['demo', 'globex', 'acme'], () => ({
  CAPTCHA_SECRET,
  CAPTCHA_VERIFY_URL: siteverify.url,
}));

const resendButton = (page: Page) => page.getByRole('button', { name: /^Resend OTP/ });
/**
 * Records every label the resend button takes from now on (the page's own observer, so a label that shows for
 * one tick is not missed between two reads of the test).
 */
const recordResendLabels = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { resendLabels: seen });
    new MutationObserver(() => {
      for (const button of document.querySelectorAll('button')) {
        const text = button.textContent ?? '';
        if (text.startsWith('Resend OTP') && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
const resendLabels = (page: Page) =>
  page.evaluate(() => (window as unknown as { resendLabels: string[] }).resendLabels);
const counter = async (page: Page) =>
  Number(/\((\d+)\)/.exec((await resendButton(page).textContent()) ?? '')?.[1]);

// The OTP page stays open from the first describe to the last: by the last, the API's limit of one mail a
// minute (on its own, real clock) has passed while the other flows ran, so the resend needs little waiting.
let otpContext: BrowserContext;
let otpPage: Page;
/** When the first code had been mailed, at the latest. */
let firstMailAt = 0;

describe('Resend OTP: the counter (client@demo.test)', () => {
  beforeAll(async () => {
    otpContext = await newContext();
    // The page's timers and Date run on Playwright's clock, so the 300 s can pass without waiting for them.
    await otpContext.clock.install();
    otpPage = await otpContext.newPage();
  });

  it('starts at 300, counts down, and keeps the button disabled until it reaches 0', async () => {
    const page = otpPage;
    await page.goto(`${app.stack.urls.demo}/login`);
    await recordResendLabels(page);
    await page.getByLabel('Email').fill('client@demo.test');
    await page.getByLabel('Password').fill(PASSWORD);
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('One-time password').waitFor();
    await otpFromMail('client@demo.test', since);
    // The code was mailed by now, at the latest.
    firstMailAt = Date.now();
    const button = resendButton(page);
    expect((await resendLabels(page))[0]).toBe('Resend OTP (300)');
    expect(await button.isDisabled()).toBe(true);
    const before = await counter(page);
    await page.clock.fastForward(10_000);
    await expect.poll(() => counter(page)).toBeLessThan(before);
    expect(await counter(page)).toBeGreaterThan(0);
    expect(await button.isDisabled()).toBe(true);
    await expectNoSeriousViolations(page, 'the OTP step', 'body');
    await page.clock.fastForward(300_000);
    await page.getByRole('button', { name: 'Resend OTP', exact: true }).waitFor();
    expect(await resendButton(page).isEnabled()).toBe(true);
  });
});

describe('password reset (basic@demo.test)', () => {
  let signedIn: BrowserContext;
  let page: Page;
  let link = '';
  beforeAll(async () => {
    signedIn = await newContext();
    page = await signedIn.newPage();
    await signIn(page, app.stack.urls.demo!, 'basic@demo.test');
  });
  afterAll(() => signedIn.close());

  it('requests the reset mail from "Forgot your password?"', async () => {
    const context = await newContext();
    const guest = await context.newPage();
    const origin = app.stack.urls.demo!;
    await guest.goto(`${origin}/login`);
    await guest.getByRole('link', { name: 'Forgot your password?' }).click();
    await guest.getByRole('heading', { name: 'Reset your password' }).waitFor();
    // SPEC §2: no footer for a signed-out visitor.
    expect(await guest.locator('footer').count()).toBe(0);
    await expectNoSeriousViolations(guest, 'the reset request', 'body');
    await guest.getByLabel('Email').fill('basic@demo.test');
    const since = Date.now() - 1000;
    await guest.getByRole('button', { name: 'Send reset link' }).click();
    await guest
      .getByRole('status')
      .getByText('If an account exists for that email, we have sent a link to reset its password.')
      .waitFor();
    // The mail is quoted-printable: a long line is wrapped with '=' at its end, inside the token too.
    const wrapped = await fromMail(
      'basic@demo.test',
      since,
      /\/reset\/([A-Za-z0-9_-]+(?:=\r?\n[A-Za-z0-9_-]+)*)/,
    );
    const token = wrapped.replace(/=\r?\n/g, '');
    link = `${origin}/reset/${token}`;
    await context.close();
  });

  it('opens /reset/{token} for a signed-in client and sets the password, the one that works from then on', async () => {
    await page.goto(link);
    // The reset form, not the home page, although this client is signed in.
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    await expectNoSeriousViolations(page, 'the reset form', 'body');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm the new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    const fresh = 'a-new-password-21';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm the new password').fill(fresh);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    // The old password no longer works.
    await page.getByLabel('Email').fill('basic@demo.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('These credentials do not match our records.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    // The new one is taken: the API asks for the one-time password (asked directly: a sign-in here would mail a
    // code, which the API refuses within a minute of the reset mail).
    const tenantId = await page.evaluate(
      () =>
        (JSON.parse(document.getElementById('portal-config')!.textContent!) as { tenantId: number }).tenantId,
    );
    const login = await fetch(`${app.stack.apiUrl}/api/auth/studentlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-id': String(tenantId) },
      body: JSON.stringify({ email: 'basic@demo.test', password: fresh }),
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({
      message: 'Enter the one-time password we emailed you to sign in on this device.',
    });
    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm the new password').fill(fresh);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await toastOf(page, 'This password reset link is invalid or has expired. Request a new one.').waitFor();
  });
});

describe('the CAPTCHA step, with a stand-in for reCAPTCHA (client@globex.test)', () => {
  beforeAll(async () => {
    // globex baked again with a site key, as `portal build` bakes a tenant that sets one (its CSP then allows
    // reCAPTCHA's hosts); the compile and everything else are the stack's own.
    const index = path.join(app.stack.storage, 'sites/globex/index.html');
    const built = await readFile(index, 'utf8');
    const { $schema: _, ...globex } = JSON.parse(
      await readFile(path.join(REPO_ROOT, 'tenants/globex/tenant.json'), 'utf8'),
    ) as TenantConfig & { $schema?: string };
    const config = {
      ...globex,
      integrations: { ...globex.integrations, captchaSiteKey: 'e2e-captcha-site-key' },
    } as TenantConfig;
    const version = /"version":"([^"]+)"/.exec(built)?.[1] ?? '';
    const templates = await loadTemplates(REPO_ROOT);
    await writeFile(index, renderIndex({ templates, config, version, app: builtApp(built) }));
  });

  it('asks for the CAPTCHA, has the API check the answer, then goes on to the one-time password', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const standIn = await readFile(path.join(REPO_ROOT, 'e2e/fixtures/recaptcha-stand-in.js'), 'utf8');
    await page.route(/^https:\/\/www\.google\.com\/recaptcha\/api\.js/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: standIn }),
    );
    await page.goto(`${app.stack.urls.globex}/login`);
    const box = page.getByRole('checkbox', { name: /I'm not a robot/ });
    await box.waitFor();
    await page.getByLabel('Email').fill('client@globex.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please confirm that you are not a robot.').waitFor();
    await expectNoSeriousViolations(page, 'the CAPTCHA step', 'body');
    expect(siteverify.checked).toHaveLength(0);
    await box.check();
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('One-time password').waitFor();
    // The API asked the provider (the stand-in) with its secret and the widget's answer.
    expect(siteverify.checked.map((f) => [f.get('secret'), f.get('response')])).toEqual([
      [CAPTCHA_SECRET, 'stand-in-answer'],
    ]);
    await page.getByLabel('One-time password').fill(await otpFromMail('client@globex.test', since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await context.close();
  });
});

describe('a tampered stored session (client@acme.test)', () => {
  it('is logged out on the next start', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const origin = app.stack.urls.acme!;
    await signIn(page, origin, 'client@acme.test');
    // The stored user's pas_token no longer matches the stored token (SPEC §3, §4), as after a hand edit.
    await page.evaluate(() => localStorage.setItem('portal.token', 'forged-token'));
    await page.goto(`${origin}/notes`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored['portal.token']).toBeUndefined();
    expect(stored['portal.user']).toBeUndefined();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await expectNoSeriousViolations(page, 'the login after a tampered session', 'body');
    // An unreadable stored user is refused the same way.
    await signIn(page, origin, 'client@acme.test');
    await page.evaluate(() => localStorage.setItem('portal.user', 'not-the-cipher'));
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await context.close();
  });
});

describe('Resend OTP: after the 300 s (client@demo.test)', () => {
  afterAll(() => otpContext.close());

  it('resends: a new code arrives by mail, the counter starts again, and the new code signs in', async () => {
    const page = otpPage;
    // The API's own limit (one code a minute), on the real clock.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstMailAt + 61_000 - Date.now())));
    const since = Date.now() - 1000;
    await recordResendLabels(page);
    await page.getByRole('button', { name: 'Resend OTP', exact: true }).click();
    await toastOf(page, 'A One-Time Password (OTP) has been sent to your email').waitFor();
    const code = await otpFromMail('client@demo.test', since);
    // The counter started again from 300.
    const labels = await resendLabels(page);
    expect(labels.slice(labels.lastIndexOf('Resend OTP') + 1)[0]).toBe('Resend OTP (300)');
    expect(await resendButton(page).isDisabled()).toBe(true);
    await page.getByLabel('One-time password').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });
});
