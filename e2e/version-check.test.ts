/**
 * The version check in real Chromium against the real build, published to a folder and served by
 * `portal serve` (startServe; no API needed: the check only reads /meta.json). Counts document navigations:
 * a newer meta.json reloads the page exactly once, and one that stays newer cannot make it loop.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeHandle } from '../cli/src/lib/serve/start-serve.js';
import { launchBrowser } from './support/browser.js';
import { REPO_ROOT } from './support/stack.js';

let work: string;
let browser: Browser;
let fresh: ServeHandle;
let stale: ServeHandle;
let withWorker: ServeHandle;
let oldIndex: string;

async function portal(...args: string[]): Promise<void> {
  await execa('node', [path.join(REPO_ROOT, 'bin/portal.js'), ...args], {
    cwd: work,
    env: { NO_COLOR: '1' },
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-version-e2e-'));
  const [, launched] = await Promise.all([
    (async () => {
      // Release 7.2.2, then 7.3.0, published to the same storage (publish never deletes the old chunks).
      await portal('build', '--tenant', 'demo', '--out', 'dist-old');
      await portal('build', '--tenant', 'demo', '--out', 'dist-new', '--app-version', '7.3.0');
      await portal('publish', '--tenant', 'demo', '--out', 'dist-old', '--to', 'storage');
      await portal('publish', '--tenant', 'demo', '--out', 'dist-new', '--to', 'storage');
      // A second storage where meta.json announces a version no index.html carries (a stale CDN edge).
      await portal('publish', '--tenant', 'demo', '--out', 'dist-old', '--to', 'stale');
      await writeFile(path.join(work, 'stale/sites/demo/meta.json'), '{"version":"9.0.0"}\n');
      // A third that holds 7.2.2 only until a test publishes 7.3.0 over it, with the service worker in control.
      await portal('publish', '--tenant', 'demo', '--out', 'dist-old', '--to', 'worker');
    })(),
    launchBrowser(),
  ]);
  browser = launched;
  oldIndex = await readFile(path.join(work, 'dist-old/demo/index.html'), 'utf8');
  const api = 'http://127.0.0.1:9'; // nothing listens: the login page does not need the API to render
  fresh = await startServe({ storage: path.join(work, 'storage'), tenants: ['demo'], port: 0, api });
  stale = await startServe({ storage: path.join(work, 'stale'), tenants: ['demo'], port: 0, api });
  withWorker = await startServe({ storage: path.join(work, 'worker'), tenants: ['demo'], port: 0, api });
});

afterAll(async () => {
  await browser?.close();
  await fresh?.close();
  await stale?.close();
  await withWorker?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A new context (fresh sessionStorage) whose document loads and /meta.json reads are counted. */
async function openCounted(): Promise<{ page: Page; documents: string[]; metaReads: () => number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const documents: string[] = [];
  let meta = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
    if (new URL(request.url()).pathname === '/meta.json') meta++;
  });
  return { page, documents, metaReads: () => meta };
}

/**
 * The page has loaded at least `loads` documents (those the test expects, reloads included) and the app has taken
 * over the last one's pre-rendered login screen. The app renders only once its version check has answered
 * (main.tsx; a check that reloads never answers), so from then on no reload of the check's can start: the test
 * waits for that, not for a pause long enough on a quiet machine. The expected loads are waited for first, so the
 * document looked at is the last one, not one on its way out.
 */
async function rendered(page: Page, documents: string[], loads: number): Promise<void> {
  await expect.poll(() => documents.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(loads);
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      document.querySelector('.prerendered') === null &&
      document.querySelector('button') !== null,
    undefined,
    { timeout: 30_000 },
  );
}

/** The version baked into the page the tab now runs (the footer that showed it is for signed-in users only). */
const runningVersion = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(document.getElementById('portal-config')?.textContent ?? '{}') as { version?: string })
        .version,
  );

describe('version check in the browser', () => {
  it('reloads exactly once when a newer version is live, then runs the new one', async () => {
    const { page, documents, metaReads } = await openCounted();
    // The first load gets the 7.2.2 index.html, as a tab opened before the release (or a cached page) would.
    let served = false;
    await page.route('**/login', async (route) => {
      if (served || !route.request().isNavigationRequest()) return route.continue();
      served = true;
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: oldIndex });
    });
    await page.goto(`${fresh.urls[0]!.url}/login`);
    await rendered(page, documents, 2);
    expect(documents).toHaveLength(2);
    expect(metaReads()).toBe(2);
    expect(await runningVersion(page)).toBe('7.3.0');
    expect(
      await page.evaluate(() => sessionStorage.getItem('portal:reloaded-for:version:7.3.0')),
    ).not.toBeNull();
    expect(await page.getByText('A new version is available').count()).toBe(0);
    await page.context().close();
  });

  it('cannot loop when meta.json stays newer: one reload, then the banner', async () => {
    const { page, documents } = await openCounted();
    await page.goto(`${stale.urls[0]!.url}/login`);
    await rendered(page, documents, 2);
    expect(documents).toHaveLength(2);
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await banner.waitFor();
    // The user's own Reload is one more load, and still no automatic one after it.
    await banner.getByRole('button', { name: 'Reload' }).click();
    await rendered(page, documents, 3);
    expect(documents).toHaveLength(3);
    await banner.waitFor();
    await page.context().close();
  });

  it('renders without reloading when meta.json cannot be read', async () => {
    const { page, documents } = await openCounted();
    await page.route('**/meta.json', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html>' }),
    );
    await page.goto(`${fresh.urls[0]!.url}/login`);
    await rendered(page, documents, 1);
    expect(documents).toHaveLength(1);
    await page.context().close();
  });

  it('with the service worker in control, a newer release reloads once and the new worker takes over silently', async () => {
    const { page, documents } = await openCounted();
    await page.goto(`${withWorker.urls[0]!.url}/login`);
    await rendered(page, documents, 1);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await rendered(page, documents, 2);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.evaluate(() => caches.keys())).toEqual([
      expect.stringMatching(/^portal-shell-7\.2\.2-/),
    ]);

    // 7.3.0 is published, but the next page load still gets the old index.html (a CDN edge that lags behind).
    await portal('publish', '--tenant', 'demo', '--out', 'dist-new', '--to', 'worker');
    const indexFile = path.join(work, 'worker/sites/demo/index.html');
    const newIndex = await readFile(indexFile, 'utf8');
    await writeFile(indexFile, oldIndex);
    const caughtUp = new Promise<void>((resolve) => {
      const onFinished = (request: Request) => {
        if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
        page.off('requestfinished', onFinished);
        void writeFile(indexFile, newIndex).then(resolve);
      };
      page.on('requestfinished', onFinished);
    });
    const before = documents.length;
    await page.reload();
    await caughtUp;
    await rendered(page, documents, before + 2);
    expect(await runningVersion(page)).toBe('7.3.0');
    // The new worker installs, takes control and drops the old cache, and nothing reloads the page for it.
    // Waits for the takeover itself (the old cache dropped in the new worker's activation, the page controlled
    // by it): a reload for it would have started there, and nothing in the app listens for it.
    await page.waitForFunction(async () => {
      const keys = await caches.keys();
      return (
        keys.length === 1 &&
        keys[0]!.startsWith('portal-shell-7.3.0-') &&
        navigator.serviceWorker.controller?.state === 'activated'
      );
    });
    expect(documents.length - before).toBe(2);
    expect(await page.getByText('A new version is available').count()).toBe(0);
    await page.context().close();
  });
});
