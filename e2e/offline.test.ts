/**
 * Offline and install in Chromium against the real build (`portal build`, published, `portal serve`, the real
 * API): the service worker registers and controls the page after a reload, an offline reload still shows the
 * app shell and the last schedule and notes with the offline banner, meta.json and the API are never answered
 * by the worker, and the tenant's manifest is found with no installability error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, newContext, signIn, useAppStack } from './app-support';
import { CHROMIUM_PATH } from './support/browser';

const EMAIL = 'client@demo.test';
const app = useAppStack(['demo']);

let context: BrowserContext;
let page: Page;
let origin: string;
/** Every answer to meta.json or a proxied API path, and whether the service worker gave it. */
const privateAnswers: { path: string; fromServiceWorker: boolean }[] = [];

const PRIVATE = /^\/(meta\.json$|api\/|gapi|sanctum\/|upload\/|delete\/|integrations\/)/;

beforeAll(async () => {
  origin = app.stack.urls.demo!;
  context = await newContext();
  page = await context.newPage();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (PRIVATE.test(pathname))
      privateAnswers.push({ path: pathname, fromServiceWorker: response.fromServiceWorker() });
  });
  await signIn(page, origin, EMAIL);
});

afterAll(() => context?.close());

const banner = () =>
  page.getByRole('status').filter({ hasText: /^You are offline: showing what was last loaded at / });

/**
 * The pages' offline copies in local storage, sorted. Each is written by an effect after its page has drawn the
 * answer (lib/offline-copy.ts), so a test waits for it (expect.poll) rather than reading at once: the notes
 * page's unit test read before the write on a loaded machine.
 */
const offlineKeys = async () =>
  (
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal.offline.')))
  ).sort();

describe('offline', () => {
  it('registers the service worker, which controls the page after a reload and caches no private answer', async () => {
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/`);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${origin}/service-worker.js`,
    );
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
      return { names, urls };
    });
    expect(cached.names).toHaveLength(1);
    expect(cached.names[0]).toMatch(/^portal-shell-\d+\.\d+\.\d+-[0-9a-f]{12}$/);
    const paths = cached.urls.map((url) => new URL(url).pathname);
    expect(paths).toContain('/');
    expect(paths.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
    for (const p of paths)
      expect(p, p).toMatch(/^\/($|assets\/|themes\/|favicon\.svg$|manifest\.webmanifest$)/);
  });

  it('after an offline reload, shows the app shell and the last schedule and notes, marked offline', async () => {
    await page.goto(`${origin}/schedule`);
    const meeting = page.locator('.meeting-list li').first();
    await meeting.waitFor();
    const meetingText = (await meeting.textContent()) ?? '';
    await expect
      .poll(offlineKeys)
      .toEqual(expect.arrayContaining(['portal.offline.lesson-meetings', 'portal.offline.schedule']));
    await page.goto(`${origin}/notes`);
    const note = page.getByRole('article').first();
    await note.waitFor();
    const noteText = (await note.textContent()) ?? '';
    await expect
      .poll(offlineKeys)
      .toEqual(['portal.offline.lesson-meetings', 'portal.offline.notes', 'portal.offline.schedule']);
    expect(await banner().count()).toBe(0);

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await banner().waitFor();
      expect(await page.getByRole('article').first().textContent()).toBe(noteText);
      await expectNoSeriousViolations(page, 'notes offline');

      // Into the schedule by the menu: its page's chunk comes from the worker's cache.
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: /schedule/i })
        .click();
      await banner().waitFor();
      expect(await page.locator('.meeting-list li').first().textContent()).toBe(meetingText);
      // The lesson meetings (another call) read from their copy too: no section says it failed.
      expect(await page.getByText(/could not be loaded/).count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    await page.reload();
    await page.locator('.meeting-list li').first().waitFor();
    expect(await banner().count()).toBe(0);
  });

  it('never answers meta.json or an API call from the service worker', () => {
    expect(privateAnswers.some((a) => a.path === '/meta.json')).toBe(true);
    expect(privateAnswers.some((a) => a.path.startsWith('/api/'))).toBe(true);
    expect(privateAnswers.filter((a) => a.fromServiceWorker)).toEqual([]);
  });

  it('forgets the offline copies on sign-out', async () => {
    await expect
      .poll(offlineKeys)
      .toEqual(['portal.offline.lesson-meetings', 'portal.offline.notes', 'portal.offline.schedule']);
    await page.locator('.user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await offlineKeys()).toEqual([]);
  });
});

describe('install', () => {
  it("finds the tenant's manifest and reports no installability error", async () => {
    // A persistent profile: Chromium never offers to install from an incognito-like context.
    const profile = await mkdtemp(path.join(os.tmpdir(), 'portal-install-'));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    try {
      const tab = persistent.pages()[0] ?? (await persistent.newPage());
      const cdp = await persistent.newCDPSession(tab);
      // The check is real: a page of the origin without the manifest link (meta.json's viewer) is not installable.
      await tab.goto(`${origin}/meta.json`);
      const without = await cdp.send('Page.getInstallabilityErrors');
      expect(without.installabilityErrors.map((e) => e.errorId)).toContain('no-manifest');
      await tab.goto(`${origin}/login`);
      await tab.getByRole('button', { name: 'Sign in' }).waitFor();
      await tab.evaluate(() => navigator.serviceWorker.ready);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${origin}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? 'null')).toMatchObject({
        name: 'Coaching Portal',
        display: 'standalone',
      });
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await persistent.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
