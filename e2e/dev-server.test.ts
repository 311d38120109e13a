/**
 * `npm run dev`: Vite with hot reload as one tenant against the real API. Started as a user would (its own
 * process, free ports, a temporary PGlite folder), then asked for the page, the theme and the app source.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/lib/api-process.js';
import { startScript, type ScriptProcess } from './support/script-process.js';

let work: string;
let dev: ScriptProcess;
let base: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-dev-'));
  const [port, apiPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  dev = await startScript(
    'dev.ts',
    ['--tenant', 'acme', '--port', String(port)],
    // A data folder that does not exist yet, as .data/ on a fresh clone (the database, mail and uploads in it).
    { PORT: String(apiPort), DATA_DIR: path.join(work, 'data') },
    // The last line it prints at start-up: the lines before it (where it runs, how to sign in) are all there.
    'Ctrl-C stops.',
    // As npm-start.test.ts gives `npm start`: a first start migrates a new PGlite folder and seeds it, which a
    // machine busy with the neighbouring files can take past two minutes.
    240_000,
  );
});

afterAll(async () => {
  await dev?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('prints where the tenant runs and how to sign in', () => {
    expect(dev.output).toContain(`Acme Business Coaching (tenant acme, id 2002) with hot reload: ${base}/`);
    expect(dev.output).toContain('client@acme.test / portal-demo-1');
  });

  it("serves app routes as the tenant's page with the development config and Vite's client", async () => {
    const response = await fetch(`${base}/action-steps`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain('<title>Acme Business Coaching</title>');
    const config = JSON.parse(html.match(/id="portal-config">(.*?)<\/script>/)?.[1] ?? 'null');
    expect(config).toMatchObject({ tenantId: 2002, environment: 'development', themeUrl: '/themes' });
  });

  it('serves the theme, its images, meta.json, the manifest and the app source, and proxies the API', async () => {
    const theme = await (await fetch(`${base}/themes/2002/theme.json`)).json();
    expect(theme.colors.primary).toBe('#9a3412');
    expect((await fetch(`${base}/themes/2002/logo.svg`)).headers.get('content-type')).toBe('image/svg+xml');
    // Only files the theme names: never another file of the tenant folder.
    expect((await fetch(`${base}/themes/2002/tenant.json`)).status).toBe(404);
    expect(await (await fetch(`${base}/meta.json`)).json()).toEqual({ version: '7.2.2' });
    // The manifest index.html links, as the bake writes it.
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(await manifest.json()).toMatchObject({ name: 'Acme Business Coaching', theme_color: '#9a3412' });
    const main = await fetch(`${base}/src/main.tsx`);
    expect(main.status).toBe(200);
    expect(await main.text()).toContain('readConfig');
    const api = await fetch(`${base}/api/v1/me`, { headers: { 'X-Tenant-Id': '2002' } });
    expect(api.status).toBe(401);
  });
});
