/**
 * `portal serve` on a folder written by `portal publish`: each tenant at the root of its own origin, the SPA
 * fallback only for app routes, production headers, /themes mapping, CORS on the storage port, the API proxy
 * (to a tiny fake upstream) and refused traversal.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as publish } from '../../src/commands/publish.js';
import { run as serve } from '../../src/commands/serve.js';
import { startServe, type ServeHandle } from '../../src/lib/serve/start-serve.js';
import {
  runCommand,
  tempDir,
  writeDist,
  writeTenants,
  type FixtureTenant,
} from '../publish/support/fixtures.js';

const ACME: FixtureTenant = { slug: 'acme', id: 301 };
const GLOBEX: FixtureTenant = { slug: 'globex', id: 302 };

let root: string;
let storage: string;
let assets: string[];
let handle: ServeHandle;
let upstream: http.Server;
let apiUrl: string;
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  root = await tempDir();
  storage = path.join(root, 'storage');
  const tenantsDir = path.join(root, 'tenants');
  await writeTenants(tenantsDir, [ACME, GLOBEX]);
  ({ assets } = await writeDist(path.join(root, 'dist'), ACME, '7.2.2'));
  await writeDist(path.join(root, 'dist'), GLOBEX, '7.2.2');
  const published = await runCommand(publish, { all: true, to: storage }, { cwd: root, tenantsDir });
  expect(published.code).toBe(0);
  // Hidden files (a publish's temp files) must never be served.
  await writeFile(path.join(storage, 'sites/acme/.secret'), 'no');
  await mkdir(path.join(root, 'outside'), { recursive: true });
  await writeFile(path.join(root, 'outside/secret.txt'), 'outside');

  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res
        .writeHead(201, { 'Content-Type': 'application/json', 'X-Upstream': 'yes' })
        .end(JSON.stringify({ data: { echo: body } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // A port per tenant: Node's fetch does not resolve *.localhost. The host routing of the default mode is
  // tested below with the Host header.
  handle = await startServe({ storage, port: 0, api: apiUrl, addressing: 'ports' });
});

afterAll(async () => {
  await handle.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

const site = (slug = 'acme') => handle.urls.find((u) => u.slug === slug)!.url;

/**
 * Raw GET, so paths like /../x reach the server unnormalised (fetch would resolve the dots). A *.localhost
 * base is reached at 127.0.0.1 with its Host header, as a browser resolves it (Node does not).
 */
function rawGet(
  base: string,
  rawPath: string,
  method = 'GET',
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { port, host } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .request({ hostname: '127.0.0.1', port, path: rawPath, method, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      })
      .on('error', reject)
      .end();
  });
}

describe('portal serve', () => {
  it('serves each tenant at the root of its own origin, in slug order', async () => {
    expect(handle.urls.map((u) => u.slug)).toEqual(['acme', 'globex']);
    expect(new Set([site('acme'), site('globex'), handle.storageUrl]).size).toBe(3);
    const res = await fetch(`${site()}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>acme</title>');
    expect(await (await fetch(`${site('globex')}/`)).text()).toContain('<title>globex</title>');
  });

  it('falls back to index.html for app routes only', async () => {
    // The last: a mailed unsubscribe link, whose signed token has a dot that is no file's extension.
    for (const route of [
      '/schedule',
      '/notes/12',
      '/reset-password/abc',
      '/unsubscribe/MTAubWVzc2FnZQ.zIJbtQDLfCUV2tdFIrdQeE0g_e9ZDSEMel_kLHhTyyo',
    ]) {
      const res = await fetch(`${site()}${route}`);
      expect([route, res.status, res.headers.get('cache-control')]).toEqual([route, 200, 'no-cache']);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('answers 404 for a missing /meta.json, /assets/* or file, never index.html', async () => {
    await rm(path.join(storage, 'sites/globex/meta.json'));
    for (const [base, route] of [
      [site('globex'), '/meta.json'],
      [site(), '/assets/missing-12345678.js'],
      [site(), '/assets/nothing'],
      [site(), '/missing.png'],
      [site(), '/themes/999/theme.json'],
    ] as const) {
      const res = await fetch(`${base}${route}`);
      expect([route, res.status]).toEqual([route, 404]);
      expect(await res.text()).not.toContain('<div id="root">');
    }
  });

  it('sends production headers: immutable hashed assets, no-cache meta.json and theme.json', async () => {
    const js = await fetch(`${site()}/${assets[0]}`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await fetch(`${site()}/meta.json`);
    expect(meta.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(meta.headers.get('cache-control')).toBe('no-cache');
    expect(await meta.json()).toEqual({ version: '7.2.2' });
    const favicon = await fetch(`${site()}/favicon.svg`);
    expect([favicon.headers.get('content-type'), favicon.headers.get('cache-control')]).toEqual([
      'image/svg+xml',
      'public, max-age=300',
    ]);
  });

  it('compresses text as the CDN does: brotli or gzip as the browser accepts, the bytes unchanged', async () => {
    const script = `export const words = ${JSON.stringify('coaching portal '.repeat(400))};\n`;
    await writeFile(path.join(storage, 'sites/acme/assets/words-AbCd1234.js'), script);
    const get = (route: string, acceptEncoding: string) => {
      const { hostname, port } = new URL(site());
      return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ hostname, port, path: route, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    };
    const br = await get('/assets/words-AbCd1234.js', 'gzip, deflate, br');
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'Accept-Encoding']);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 10);
    const gz = await get('/assets/words-AbCd1234.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Not asked for (or refused with q=0): the file as it is, still marked as varying.
    for (const accept of ['identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/words-AbCd1234.js', accept);
      expect([accept, plain.headers['content-encoding'], plain.body.toString()]).toEqual([
        accept,
        undefined,
        script,
      ]);
      expect(plain.headers.vary).toBe('Accept-Encoding');
    }
    // Images other than SVG are compressed already.
    await writeFile(path.join(storage, 'sites/acme/photo.png'), Buffer.alloc(4096));
    expect((await get('/photo.png', 'gzip, br')).headers['content-encoding']).toBeUndefined();
  });

  it('maps /themes/* to the storage themes/ folder, like the CDN', async () => {
    const theme = await fetch(`${site()}/themes/301/theme.json`);
    expect(theme.status).toBe(200);
    expect(theme.headers.get('cache-control')).toBe('no-cache');
    expect(await theme.json()).toMatchObject({ colors: { primary: '#14143f' } });
    expect((await fetch(`${site()}/themes/301/logo.svg`)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('maps /assets/* and /service-worker.js to the shared storage assets/ folder when the site has no copy, like the CDN', async () => {
    const shared = path.join(root, 'shared-storage');
    const tenantsDir = path.join(root, 'tenants');
    const worker = 'self.addEventListener("fetch", () => {});\n';
    for (const tenant of [ACME, GLOBEX])
      await writeDist(path.join(root, 'dist'), tenant, '7.2.2', '7.2.2', { serviceWorker: worker });
    const published = await runCommand(
      publish,
      { all: true, to: shared, sharedAssets: true },
      { cwd: root, tenantsDir },
    );
    expect(published.code, published.stderr).toBe(0);
    expect(existsSync(path.join(shared, 'sites/acme/assets'))).toBe(false);
    const preview = await startServe({ storage: shared, port: 0, api: apiUrl, addressing: 'ports' });
    try {
      for (const { url } of preview.urls) {
        const res = await fetch(`${url}/${assets[0]}`);
        expect([res.status, res.headers.get('cache-control')]).toEqual([
          200,
          'public, max-age=31536000, immutable',
        ]);
        expect(await res.text()).toBe(await readFile(path.join(shared, assets[0]!), 'utf8'));
        expect((await fetch(`${url}/assets/missing-12345678.js`)).status).toBe(404);
        const sw = await fetch(`${url}/service-worker.js`);
        expect([sw.status, sw.headers.get('cache-control'), await sw.text()]).toEqual([
          200,
          'no-cache',
          worker,
        ]);
      }
      expect(existsSync(path.join(shared, 'sites/acme/service-worker.js'))).toBe(false);
    } finally {
      await preview.close();
      for (const slug of ['acme', 'globex']) await rm(path.join(root, 'dist', slug, 'service-worker.js'));
    }
  });

  it('serves the storage folder on its own port with CORS for theme files', async () => {
    const res = await fetch(`${handle.storageUrl}/themes/302/theme.json`, {
      headers: { Origin: site('globex') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const preflight = await fetch(`${handle.storageUrl}/themes/302/theme.json`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    expect((await fetch(`${handle.storageUrl}/themes/302/nope.json`)).status).toBe(404);
  });

  it('proxies the API prefixes with X-Forwarded-* headers, streaming the body both ways', async () => {
    const prefixes = [
      '/api/login',
      '/gapi',
      '/sanctum/csrf-cookie',
      '/upload/file',
      '/delete/mail',
      '/integrations/x',
      '/integration/v1/key',
      '/integration/v1/openapi.json',
    ];
    for (const prefix of prefixes) {
      const res = await fetch(`${site()}${prefix}?q=1`, {
        method: 'POST',
        body: `hello ${prefix}`,
        headers: { 'X-Tenant-Id': '301' },
      });
      expect([prefix, res.status, res.headers.get('x-upstream')]).toEqual([prefix, 201, 'yes']);
      expect(await res.json()).toEqual({ data: { echo: `hello ${prefix}` } });
      const request = seen.at(-1)!;
      expect(request.url).toBe(`${prefix}?q=1`);
      expect(request.headers['x-tenant-id']).toBe('301');
      expect(request.headers['x-forwarded-host']).toBe(new URL(site()).host);
      expect(request.headers['x-forwarded-proto']).toBe('http');
      expect(request.headers['x-forwarded-for']).toBe('127.0.0.1');
    }
    // /apiary is an app route, not the API.
    expect(await (await fetch(`${site()}/apiary`)).text()).toContain('<div id="root">');
  });

  it('sends the security headers a CDN must add on every answer of a site', async () => {
    const security = (res: Response) =>
      [
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'content-security-policy',
        'referrer-policy',
      ].map((name) => res.headers.get(name));
    const defaults = ['max-age=31536000', 'nosniff', 'SAMEORIGIN', "frame-ancestors 'self'", 'strict-origin'];
    // A page, a hashed asset, a missing file, a refused method and a proxied API answer alike.
    const answers = await Promise.all([
      fetch(`${site()}/`),
      fetch(`${site()}/login`),
      fetch(`${site()}/${assets[0]!}`),
      fetch(`${site()}/assets/missing.js`),
      fetch(`${site()}/`, { method: 'POST' }),
      fetch(`${site()}/api/ping`),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 404, 405, 201]);
    for (const res of answers) expect([res.url, ...security(res)]).toEqual([res.url, ...defaults]);
    // The token routes: the secret in the path must not leave in a Referer, however the path is spelt.
    for (const route of ['/reset/abc123', '/fbslogin/abc123', '/%72eset/abc123', '/reset']) {
      const res = await fetch(`${site()}${route}`);
      expect([route, res.status, res.headers.get('referrer-policy')]).toEqual([route, 200, 'no-referrer']);
    }
    // The storage port answers nosniff too, errors included.
    const missing = await fetch(`${handle.storageUrl}/missing.json`);
    expect([missing.status, missing.headers.get('x-content-type-options')]).toEqual([404, 'nosniff']);
  });

  it('answers 502 with a JSON message when the API is down', async () => {
    const down = await startServe({
      storage,
      tenants: ['acme'],
      port: 0,
      api: 'http://127.0.0.1:9',
      addressing: 'ports',
    });
    try {
      const res = await fetch(`${down.urls[0]!.url}/api/me`);
      expect(res.status).toBe(502);
      // The user reads a plain sentence; the operator hint (--api) stays in the serve console.
      expect((await res.json()) as { message: string }).toEqual({
        message: 'The service is not reachable right now. Please try again in a moment.',
      });
    } finally {
      await down.close();
    }
  });

  it('refuses traversal and hidden files', async () => {
    for (const attempt of [
      '/../outside/secret.txt',
      '/%2e%2e/%2e%2e/outside/secret.txt',
      '/themes/../../outside/secret.txt',
      '/..%2f..%2foutside%2fsecret.txt',
      '/%00',
      '/a%5c..%5csecret',
    ]) {
      for (const base of [site(), handle.storageUrl]) {
        const res = await rawGet(base, attempt);
        expect([attempt, res.status]).toEqual([attempt, 400]);
        expect(res.body).not.toContain('outside');
      }
    }
    expect((await rawGet(site(), '/.secret')).status).toBe(404);
    expect((await rawGet(handle.storageUrl, '/sites/acme/.secret')).status).toBe(404);
    expect((await rawGet(site(), '/%E0%A4%A')).status).toBe(400);
  });

  it('fails clearly for a tenant with nothing published', async () => {
    const result = await runCommand(
      serve,
      { tenant: ['initech'], port: 0, storage },
      { cwd: root, tenantsDir: root },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('portal publish --tenant initech');
  });
});

describe('portal serve on one port, a host name per tenant (the default)', () => {
  let hosts: ServeHandle;
  let port: number;
  beforeAll(async () => {
    hosts = await startServe({ storage, port: 0, api: apiUrl });
    port = Number(new URL(hosts.storageUrl).port);
  });
  afterAll(() => hosts.close());

  it('gives each tenant http://<slug>.localhost:<port>, on the one port', () => {
    expect(hosts.urls).toEqual([
      { slug: 'acme', url: `http://acme.localhost:${port}` },
      { slug: 'globex', url: `http://globex.localhost:${port}` },
    ]);
    expect(hosts.storageUrl).toBe(`http://127.0.0.1:${port}`);
  });

  it("routes by the Host header to the tenant's own site, its theme and the API", async () => {
    expect((await rawGet(`http://acme.localhost:${port}`, '/login')).body).toContain('<title>acme</title>');
    expect((await rawGet(`http://GLOBEX.localhost:${port}`, '/')).body).toContain('<title>globex</title>');
    const theme = await rawGet(`http://globex.localhost:${port}`, '/themes/302/theme.json');
    expect([theme.status, theme.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    const api = await rawGet(`http://acme.localhost:${port}`, '/api/me');
    expect([api.status, seen.at(-1)!.headers['x-forwarded-host']]).toEqual([201, `acme.localhost:${port}`]);
  });

  it('answers an unknown host with a page listing the tenants, never another tenant', async () => {
    for (const base of [`http://initech.localhost:${port}`, `http://portal.acme.com:${port}`]) {
      const res = await rawGet(base, '/login');
      expect([base, res.status, res.headers['content-type']]).toEqual([
        base,
        404,
        'text/html; charset=utf-8',
      ]);
      expect(res.body).not.toContain('<div id="root">');
      for (const slug of ['acme', 'globex'])
        expect(res.body).toContain(`<a href="http://${slug}.localhost:${port}/">`);
    }
    const root = await rawGet(`http://127.0.0.1:${port}`, '/');
    expect([root.status, root.body.includes(`http://acme.localhost:${port}/`)]).toEqual([200, true]);
  });

  it('serves the storage folder at the bare address, with CORS for theme files', async () => {
    const res = await rawGet(hosts.storageUrl, '/themes/302/theme.json');
    expect([res.status, res.headers['access-control-allow-origin']]).toEqual([200, '*']);
    expect((await rawGet(hosts.storageUrl, '/themes/302/theme.json', 'OPTIONS')).status).toBe(204);
    expect((await rawGet(hosts.storageUrl, '/themes/302/nope.json')).status).toBe(404);
    expect((await rawGet(hosts.storageUrl, '/../outside/secret.txt')).status).toBe(400);
  });

  it('serves the mail previews under /_mail/ on the storage address, and nothing outside their folder', async () => {
    const previews = path.join(root, 'mail-preview');
    await mkdir(path.join(previews, 'acme'), { recursive: true });
    await writeFile(path.join(previews, 'acme', 'otp.html'), '<!DOCTYPE html><title>Your code</title>');
    const withMail = await startServe({
      storage,
      port: 0,
      api: apiUrl,
      addressing: 'ports',
      mailPreview: previews,
    });
    try {
      const res = await fetch(`${withMail.storageUrl}/_mail/acme/otp.html`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<title>Your code</title>');
      expect((await fetch(`${withMail.storageUrl}/_mail/acme/reset.html`)).status).toBe(404);
      expect((await rawGet(withMail.storageUrl, '/_mail/../outside/secret.txt')).status).not.toBe(200);
      // The storage itself is served as before.
      expect((await fetch(`${withMail.storageUrl}/themes/302/theme.json`)).status).toBe(200);
    } finally {
      await withMail.close();
    }
  });
});
