/**
 * The shared-assets layout in real Chromium: two tenants built from one compile, published with
 * `--shared-assets` to a folder (their hashed assets once under assets/, none in the sites), served by
 * `portal serve` (startServe), which maps /assets/* of every origin to that folder as the CDN does. Each
 * tenant's login page renders from its own unchanged index.html, every chunk answered from the shared copy.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeHandle } from '../cli/src/lib/serve/start-serve.js';
import { launchBrowser } from './support/browser.js';
import { REPO_ROOT } from './support/stack.js';

const TENANTS = ['acme', 'demo'];

let work: string;
let browser: Browser;
let handle: ServeHandle;

async function portal(...args: string[]): Promise<void> {
  await execa('node', [path.join(REPO_ROOT, 'bin/portal.js'), ...args], {
    cwd: work,
    env: { NO_COLOR: '1' },
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-shared-assets-e2e-'));
  const tenants = TENANTS.flatMap((slug) => ['--tenant', slug]);
  const [, launched] = await Promise.all([
    (async () => {
      await portal('build', ...tenants, '--out', 'dist');
      await portal('publish', ...tenants, '--out', 'dist', '--to', 'storage', '--shared-assets');
    })(),
    launchBrowser(),
  ]);
  browser = launched;
  // nothing listens on the API port: the login page renders without it
  handle = await startServe({ storage: path.join(work, 'storage'), port: 0, api: 'http://127.0.0.1:9' });
});

afterAll(async () => {
  await browser?.close();
  await handle?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('shared assets through portal serve', () => {
  it('stores each asset and the service worker once, and no site holds a copy', async () => {
    const shared = await readdir(path.join(work, 'storage/assets'));
    const built = await readdir(path.join(work, 'dist/demo/assets'));
    expect(shared.sort()).toEqual([...built, 'service-worker.js'].sort());
    for (const slug of TENANTS) {
      expect(existsSync(path.join(work, 'storage/sites', slug, 'assets'))).toBe(false);
      expect(existsSync(path.join(work, 'storage/sites', slug, 'service-worker.js'))).toBe(false);
      expect(await readFile(path.join(work, 'storage/sites', slug, 'index.html'), 'utf8')).toBe(
        await readFile(path.join(work, 'dist', slug, 'index.html'), 'utf8'),
      );
    }
  });

  it.each(TENANTS)(
    '%s loads in Chromium with every /assets/* answered from the shared copy',
    async (slug) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assets: { path: string; status: number }[] = [];
      const problems: string[] = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/assets/')) assets.push({ path: pathname, status: response.status() });
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${handle.urls.find((u) => u.slug === slug)!.url}/login`);
      await page
        .getByRole('button', { name: /sign in/i })
        .first()
        .waitFor();
      expect(problems).toEqual([]);
      expect(assets.length).toBeGreaterThan(0);
      expect(assets.filter((a) => a.status !== 200)).toEqual([]);
      await context.close();
    },
  );
});
