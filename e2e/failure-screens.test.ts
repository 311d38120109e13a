/**
 * The loading and failure screens of SPEC §2 in Chromium against the real API and a built tenant: 'Loading
 * theme...' while the theme file hangs, the theme-failure overlay when it cannot be loaded, 'Page loading
 * error.....' when a page's chunk cannot be fetched, and the crash screen of a page that throws while rendering
 * (fed a corrupted API answer), whose 'Report this Error' sends the report and signs out after 3 s (SPEC §4).
 * Service workers are blocked here so that page.route sees every request the page makes. axe on every screen.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  expectBrowserProblem,
  expectNoSeriousViolations,
  newContext,
  signIn,
  toastOf,
  useAppStack,
} from './app-support';

const app = useAppStack(['demo']);

const THEME_FILE = /\/themes\/\d+\/theme\.json$/;

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openPage(): Promise<Page> {
  context = await newContext({ serviceWorkers: 'block' });
  return context.newPage();
}

/** The tenant id baked into the page (what SPEC §8's theme message names). */
const bakedTenantId = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(document.getElementById('portal-config')?.textContent ?? '{}') as { tenantId?: number })
        .tenantId,
  );

describe('the theme', () => {
  it("shows 'Loading theme...' until the theme file arrives, then the portal", async () => {
    const page = await openPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(THEME_FILE, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.stack.urls.demo}/login`, { waitUntil: 'commit' });
    const overlay = page.getByRole('status').filter({ hasText: 'Loading theme...' });
    await overlay.waitFor();
    await expectNoSeriousViolations(page, "'Loading theme...'", 'body');
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await overlay.count()).toBe(0);
  });

  for (const [how, answer] of [
    ['no answer at all (the network failed)', (route: Route) => route.abort('failed')],
    ['an error status', (route: Route) => route.fulfill({ status: 503, body: 'unavailable' })],
  ] as const) {
    it(`shows SPEC §8's overlay when the theme file gets ${how}`, async () => {
      const page = await openPage();
      await page.route(THEME_FILE, answer);
      await page.goto(`${app.stack.urls.demo}/login`);
      const id = await bakedTenantId(page);
      expect(id).toEqual(expect.any(Number));
      const overlay = page.getByRole('alert');
      await overlay
        .getByText(`Error: Failed to load theme file for tenant ID: ${id}`, { exact: true })
        .waitFor();
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
      await expectNoSeriousViolations(page, 'the theme-failure overlay', 'body');
    });
  }
});

describe('a page that cannot load or crashes (client@demo.test)', () => {
  it("says 'Page loading error..... {message}' when the page's chunk cannot be fetched", async () => {
    const page = await openPage();
    await signIn(page, app.stack.urls.demo!, 'client@demo.test');
    // The notes page's chunk is gone (as after a deploy removed it under an open tab).
    await page.route(/\/assets\/notes-page-[\w-]+\.js$/, (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Notes' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Page loading error..... ' });
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Page loading error\.\.\.\.\. \S.+/);
    // Inside the shell, which still works.
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expectNoSeriousViolations(page, "'Page loading error'", 'body');
  });

  it("shows the crash screen for a page that throws, and 'Report this Error' reports and signs out", async () => {
    const page = await openPage();
    await signIn(page, app.stack.urls.demo!, 'client@demo.test');
    // A corrupted answer (a string where the notes list belongs) makes the notes page throw while rendering.
    await page.route(/\/api\/v1\/clientportal\/notes\/$/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: 'corrupted' }),
      }),
    );
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Notes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Errors' }).waitFor();
    await page.getByText("Oops! looks like you've run into an error.").waitFor();
    await page.getByText('Error details').click();
    await page
      .locator('.crash-details .error-text')
      .getByText(/is not a function/)
      .waitFor();
    await page.getByRole('button', { name: 'Return Home' }).waitFor();
    await expectNoSeriousViolations(page, 'the crash screen', 'body');
    // What is logged is the crash itself (the router reports the error it caught), nothing else.
    expectBrowserProblem(/is not a function/);

    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/users/error/logs/',
    );
    const report = page.getByRole('button', { name: 'Report this Error' });
    await report.click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ pathname: '/notes', host: new URL(app.stack.urls.demo!).host });
    expect(String(body.message)).toMatch(/is not a function/);
    expect(body.user_id).toEqual(expect.any(String));
    await toastOf(page, 'The Error has been reported to the support team').waitFor();
    expect(await page.getByRole('button', { name: /Report/ }).isDisabled()).toBe(true);
    // SPEC §4: signed out and back at / (the login page) after 3 seconds.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });
});
