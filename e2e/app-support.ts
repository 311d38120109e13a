/**
 * Shared by the app's browser tests (e2e/app-*.test.ts): one stack per test file (tenants built and served,
 * the real API seeded), Chromium, and the steps every test repeats: a context that may reach only 127.0.0.1,
 * mails read from the API's mail folder, signing in (with the mailed OTP once, as a trusted device after), and
 * the checks every screen gets: axe and the sideways scroll at a desktop's and a phone's width, and a failed
 * load with its Try again (e2e/README.md).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from './support/browser';
import { REPO_ROOT, startStack, type Stack } from './support/stack';
import { fromMailFolder, otpFromMailFolder } from '../scripts/lib/mail-folder';

export const PASSWORD = 'portal-demo-1';
// A 1x1 PNG: a real image, as the API checks by content.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
export const SHOTS = path.join(REPO_ROOT, 'test-results');

let stack: Stack;
let browser: Browser;
/** Console errors and warnings, and uncaught exceptions, of the pages of newContext() since the last test. */
const browserProblems: string[] = [];
/** What the current test makes the page log on purpose (expectBrowserProblem). */
const expectedProblems: RegExp[] = [];

/**
 * A console line the current test causes on purpose, such as the log of a 500 (SPEC §8: a 500 is only
 * logged): the quiet-run check after the test requires at least one line matching it and skips those lines,
 * in this test only. The one way a test declares what its pages log.
 */
export function expectBrowserProblem(pattern: RegExp): void {
  expectedProblems.push(pattern);
}

/**
 * Starts the stack and the browser for this test file; returns the stack once it runs. `env` gives the API
 * process extra settings (read when the stack starts). `tenantsDir` (read when the stack starts) takes the
 * tenants from another folder, built for this file alone, instead of the repository's published ones.
 */
export function useAppStack(
  tenants: string[],
  env: () => Record<string, string> = () => ({}),
  tenantsDir?: () => string,
): { readonly stack: Stack } {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    stack = await startStack({
      tenants,
      env: env(),
      pgliteTemplate: inject('pgliteTemplate'),
      ...(tenantsDir ? { tenantsDir: tenantsDir() } : { publishedSites: inject('publishedSites') }),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  // As in the app's unit tests: a run that passes is a quiet run, in the browser too.
  afterEach(() => {
    const expected = expectedProblems.splice(0);
    const logged = browserProblems.splice(0);
    expect(logged.filter((line) => !expected.some((p) => p.test(line)))).toEqual([]);
    expect(expected.filter((p) => !logged.some((line) => p.test(line))).map(String)).toEqual([]);
  });
  return {
    get stack() {
      return stack;
    },
  };
}

/** A pathname with `*` for one segment, as a RegExp's source. */
const pathSource = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\\*', '[^/]+');

/**
 * Makes the API's answer to `method` `path` (a pathname, `*` standing for one segment) the one it gives for a
 * bug (api/src/infrastructure.ts): a 500 whose message the app only logs (SPEC §8), a log this test then
 * expects. With `until`, each answer waits for it first (so a page's loading state can be seen). Returns the
 * function that stops it.
 */
export async function answerWithServerError(
  page: Page,
  path: string,
  method: 'GET' | 'POST' = 'POST',
  until?: Promise<void>,
): Promise<() => Promise<void>> {
  const source = pathSource(path);
  const matches = (url: URL) => new RegExp(`^${source}$`).test(url.pathname);
  const fail = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await until;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'Something went wrong on our side. Quote request id req-1 if you contact support.',
        request_id: 'req-1',
      }),
    });
  };
  await page.route(matches, fail);
  expectBrowserProblem(new RegExp(`^console\\.error: API error ${method} ${source}`));
  return () => page.unroute(matches, fail);
}

/**
 * A screen's loading and error states (app/README): `open` shows it while the API's answer to GET `path` (as in
 * answerWithServerError) is a bug's 500, until the alert '{what} could not be loaded' is there (`whileFailed`
 * runs then: an axe check, say); then the API answers again, the alert's 'Try again' is pressed and `loaded`
 * waits for the data. With `loading`, the failing answer is held back until the page says 'Loading page'.
 */
export async function expectLoadFailedThenRetry(
  page: Page,
  options: {
    path: string;
    what: string;
    open: () => Promise<unknown>;
    loaded: () => Promise<unknown>;
    loading?: boolean;
    whileFailed?: () => Promise<unknown>;
  },
): Promise<void> {
  let release = () => {};
  const held = options.loading ? new Promise<void>((resolve) => (release = resolve)) : undefined;
  const restore = await answerWithServerError(page, options.path, 'GET', held);
  try {
    await options.open();
    if (held) {
      await page.getByText('Loading page').first().waitFor();
      release();
    }
    const alert = page.getByRole('alert').filter({ hasText: `${options.what} could not be loaded` });
    await alert.waitFor();
    await options.whileFailed?.();
    await restore();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await options.loaded();
  } finally {
    release();
    await restore();
  }
}

/** `options` are Playwright's own (serviceWorkers: 'block' lets page.route see every request of the page). */
export async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  // Twice Playwright's 30 s for a wait or an action: files run side by side, and on a busy machine a page may
  // take that long to get there. A wait still ends as soon as its condition holds.
  context.setDefaultTimeout(60_000);
  // Only 127.0.0.1 may be contacted: the public avatar service fails, and the app must show initials.
  await context.route(/^https:\/\//, (route) => route.abort());
  context.on('page', (page) => {
    page.on('pageerror', (error) => browserProblems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      // Chromium logs every refused request ('Failed to load resource: ... 422'), and tests make some on
      // purpose (a wrong password, an aborted avatar); what the user is told of them is checked in the tests.
      if (!['error', 'warning'].includes(message.type())) return;
      if (message.text().startsWith('Failed to load resource:')) return;
      // Chromium's own timer, not the app's: a preload unused "within a few seconds from the window's load
      // event" is what a busy machine gives any page whose script boots late (files run side by side).
      if (/was preloaded using link preload but not used within a few seconds/.test(message.text())) return;
      // Playwright's own word that it did what the test asked (serviceWorkers: 'block').
      if (options.serviceWorkers === 'block' && message.text().includes('registration blocked by Playwright'))
        return;
      browserProblems.push(`console.${message.type()}: ${message.text()}`);
    });
  });
  return context;
}

/** The first match of `pattern` in the newest mail to `to` written after `since` (mails are .eml files). */
export const fromMail = (to: string, since: number, pattern: RegExp) =>
  fromMailFolder(stack.mailDir, to, since, pattern);

export const otpFromMail = (to: string, since: number) => otpFromMailFolder(stack.mailDir, to, since);

export async function submitCredentials(page: Page, origin: string, email: string): Promise<number> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign in' }).click();
  return since;
}

/** Trusted-device tokens by email: a second login of the same user skips the OTP (and its 60 s resend limit). */
const devices = new Map<string, string>();

/**
 * A call of the API from a signed-in page, as the app makes it (same origin, its session, its tenant): for a
 * test that sets up or changes what the screen then shows, as another party would.
 */
export function callApiFrom<T = unknown>(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const config = JSON.parse(document.getElementById('portal-config')!.textContent!) as {
        tenantId: number;
      };
      const res = await fetch(url, {
        method,
        headers: {
          // A DELETE has no body, so no JSON type (the API refuses an empty JSON body).
          ...(body !== undefined && { 'content-type': 'application/json' }),
          authorization: `Bearer ${localStorage.getItem('portal.token')}`,
          'x-tenant-id': String(config.tenantId),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as { data: T } };
    },
    { method, url, body },
  );
}

/** Signs in, with the mailed OTP the first time and as a trusted device afterwards. */
export async function signIn(page: Page, origin: string, email: string): Promise<void> {
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

/**
 * For a test file that works as one signed-in user throughout: their page on `tenant`'s site (reaching only
 * 127.0.0.1, see newContext), signed in before the first test and closed after the last; `shot(name)` saves a
 * full-page screenshot as test-results/<prefix>-<name>.png.
 */
export function useSignedInPage(
  app: { readonly stack: Stack },
  tenant: string,
  email: string,
  prefix: string,
) {
  let context: BrowserContext | undefined;
  let page: Page;
  let origin: string;
  beforeAll(async () => {
    origin = app.stack.urls[tenant]!;
    context = await newContext();
    page = await context.newPage();
    await signIn(page, origin, email);
  });
  afterAll(() => context?.close());
  return {
    get page() {
      return page;
    },
    get origin() {
      return origin;
    },
    shot: (name: string) =>
      page.screenshot({ path: path.join(SHOTS, `${prefix}-${name}.png`), fullPage: true }),
  };
}

export const serious = (violations: { impact?: string | null; id: string; nodes: { target: unknown }[] }[]) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);

/** Fails with the serious or critical axe violations inside `include` (the page's content by default). */
export async function expectNoSeriousViolations(page: Page, where: string, include = '.page') {
  // A lazy route's content can come a moment after the shell: axe throws on an include that matches nothing.
  // Attached, not visible: a failure screen's body can be hidden behind the boot overlay and still be checked.
  await page.locator(include).first().waitFor({ state: 'attached' });
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  expect(serious(violations), where).toEqual([]);
}

/** Nothing on the page runs off the screen sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: wider than the screen`).toBeLessThanOrEqual(0);
}

/** A page to check at each width: `open` (if the page is not there yet) takes it there and waits for its content. */
export interface Visit {
  where: string;
  open?: (width: number) => Promise<unknown>;
}

/**
 * At each of `widths` (a desktop's 1280 px and a phone's 375 px unless given), every visit in turn: axe finds
 * nothing serious inside `include` (the page's content unless given), and nothing runs off the screen sideways.
 * The page is back at 1280 px afterwards.
 */
export async function accessibleAtWidths(
  page: Page,
  visits: Visit[],
  { widths = [1280, 375], include = '.page' }: { widths?: number[]; include?: string } = {},
) {
  try {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      for (const { where, open } of visits) {
        await open?.(width);
        await expectNoSeriousViolations(page, `${where} at ${width} px`, include);
        await expectNoSidewaysScroll(page, `${where} at ${width} px`);
      }
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

/** accessibleAtWidths for the page as it is, at 1280 and 375 px. */
export const accessibleAtBothWidths = (page: Page, where: string, include?: string) =>
  accessibleAtWidths(page, [{ where }], { include });

/** A toast's text (the newest first match). */
export const toastOf = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first();

/**
 * The toast showing `text` is on the page and done moving: every animation or transition with an end (not a
 * spinner's) has finished. axe reads colours as drawn, so a check in mid-animation could see a paler text.
 */
export async function toastSettled(page: Page, text: string): Promise<void> {
  const toast = toastOf(page, text);
  await toast.waitFor();
  await toast.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The five steps a member ticks on a group lesson (SPEC's lesson steps), as the lesson page labels them. */
export const GROUP_LESSON_STEPS = [
  'I prepared for the meeting',
  'I attended the meeting',
  'I completed the worksheet',
  'I took the quiz',
  'I did the follow-up work',
];
