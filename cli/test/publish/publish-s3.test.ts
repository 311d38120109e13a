/**
 * `portal publish` against a real S3-protocol server (s3rver on 127.0.0.1) through a fault-injecting proxy:
 * keys, headers, bytes, upload order, skip-unchanged, retries, partial failure and the exit-4 cases.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/commands/publish.js';
import { shardOf } from '../../src/lib/shard.js';
import { runCommand, tempDir, writeDist, writeTenants, type FixtureTenant } from './support/fixtures.js';
import { S3_ENV, startS3, type S3Server } from '../../../scripts/lib/s3-server.js';
import { startFaultProxy, type FaultProxy } from '../../../scripts/lib/bench-s3-proxy.js';
import { BUCKET } from './support/s3.js';

const ACME: FixtureTenant = { slug: 'acme', id: 201 };
const GLOBEX: FixtureTenant = { slug: 'globex', id: 202 };
const CLEAN_BUCKET = 'portal-clean';

let s3: S3Server;
let proxy: FaultProxy;
let client: S3Client;
let root: string;
let tenantsDir: string;
let out: string;
let bucket: string;
let bucketCount = 0;

beforeAll(async () => {
  s3 = await startS3([BUCKET, CLEAN_BUCKET, ...Array.from({ length: 24 }, (_, i) => `bucket-${i}`)]);
  proxy = await startFaultProxy(s3.endpoint);
  client = new S3Client({
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  root = await tempDir();
  tenantsDir = path.join(root, 'tenants');
  await writeTenants(tenantsDir, [ACME, GLOBEX]);
});

afterAll(async () => {
  client.destroy();
  await proxy.close();
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  // Each test gets its own bucket and dist folder, so tests stay independent.
  bucket = `bucket-${bucketCount++}`;
  out = path.join(root, `dist-${bucket}`);
  proxy.rule = () => null;
  proxy.log.length = 0;
});

const publish = (options: Record<string, unknown>, env: NodeJS.ProcessEnv = S3_ENV) =>
  runCommand(
    run,
    {
      out: path.basename(out),
      to: `s3://${bucket}/portal`,
      endpoint: proxy.endpoint,
      concurrency: 4,
      retryBaseMs: 5,
      ...options,
    },
    { cwd: root, tenantsDir, env, json: true },
  );

const puts = () =>
  proxy.log.filter((r) => r.method === 'PUT').map((r) => r.path.replace(`/${bucket}/portal/`, ''));

/** Requests of one kind to this test's bucket, by key; LIST for a listing of the bucket. */
function requests(kind: 'GET' | 'HEAD' | 'LIST'): string[] {
  const root = `/${bucket}/portal/`;
  return proxy.log
    .filter((r) =>
      kind === 'LIST' ? r.method === 'GET' && r.path.replace(/\/$/, '') === `/${bucket}` : r.method === kind,
    )
    .filter((r) => kind === 'LIST' || r.path.startsWith(root))
    .map((r) => r.path.replace(root, ''));
}

async function objects(name: string, prefix = 'portal/'): Promise<Map<string, string>> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: name, Prefix: prefix }));
  return new Map((listed.Contents ?? []).map((o) => [o.Key!.slice(prefix.length), o.ETag!]));
}

async function getText(key: string, name = bucket): Promise<string> {
  const object = await client.send(new GetObjectCommand({ Bucket: name, Key: key }));
  return object.Body!.transformToString();
}

describe('portal publish to S3 (s3rver)', () => {
  it('writes every file with its key, bytes, Content-Type, Cache-Control and sha256 metadata', async () => {
    const { assets } = await writeDist(out, ACME, '7.2.2');
    const result = await publish({ tenant: ['acme'] });
    expect(result.code, result.stderr).toBe(0);
    expect([...(await objects(bucket)).keys()].sort()).toEqual(
      [
        ...assets.map((a) => `sites/acme/${a}`),
        'sites/.portal-release.json',
        'sites/acme/favicon.svg',
        'sites/acme/index.html',
        'sites/acme/meta.json',
        'themes/201/logo.svg',
        'themes/201/theme.json',
      ].sort(),
    );
    const expected: [string, string, string, string][] = [
      ['sites/acme/index.html', 'index.html', 'text/html; charset=utf-8', 'no-cache'],
      ['sites/acme/meta.json', 'meta.json', 'application/json; charset=utf-8', 'no-cache'],
      [
        `sites/acme/${assets[0]}`,
        assets[0]!,
        'text/javascript; charset=utf-8',
        'public, max-age=31536000, immutable',
      ],
      [
        `sites/acme/${assets[2]}`,
        assets[2]!,
        'text/css; charset=utf-8',
        'public, max-age=31536000, immutable',
      ],
      [`sites/acme/${assets[3]}`, assets[3]!, 'font/woff2', 'public, max-age=31536000, immutable'],
      ['sites/acme/favicon.svg', 'favicon.svg', 'image/svg+xml', 'public, max-age=300'],
      ['themes/201/theme.json', 'themes/201/theme.json', 'application/json; charset=utf-8', 'no-cache'],
      ['themes/201/logo.svg', 'themes/201/logo.svg', 'image/svg+xml', 'public, max-age=300'],
    ];
    for (const [key, rel, contentType, cacheControl] of expected) {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `portal/${key}` }));
      expect([key, head.ContentType, head.CacheControl]).toEqual([key, contentType, cacheControl]);
      expect(head.Metadata?.sha256).toMatch(/^[0-9a-f]{64}$/);
      // The bytes must be exact: the checksum settings keep s3rver from storing a chunk-encoded body.
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `portal/${key}` }));
      expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(
        await readFile(path.join(out, 'acme', rel)),
      );
    }
  });

  it('uploads assets, then other files, then the theme, then index.html, and meta.json last', async () => {
    await writeDist(out, ACME, '7.2.2');
    await writeDist(out, GLOBEX, '7.2.2');
    expect((await publish({ all: true })).code).toBe(0);
    for (const slug of ['acme', 'globex']) {
      const order = puts().filter(
        (key) => key.startsWith(`sites/${slug}/`) || key.startsWith(`themes/${slug === 'acme' ? 201 : 202}/`),
      );
      expect(order).toHaveLength(9);
      const at = (match: (key: string) => boolean) =>
        order.map((key, i) => (match(key) ? i : -1)).filter((i) => i >= 0);
      const index = order.indexOf(`sites/${slug}/index.html`);
      expect(order.at(-1)).toBe(`sites/${slug}/meta.json`);
      expect(Math.max(...at((k) => k.includes('/assets/')))).toBeLessThan(
        Math.min(...at((k) => k.endsWith('favicon.svg'))),
      );
      expect(Math.max(...at((k) => k.startsWith('themes/')))).toBeLessThan(index);
      expect(at((k) => k.endsWith('theme.json'))[0]).toBeGreaterThan(at((k) => k.endsWith('logo.svg'))[0]!);
    }
    // The run's one release manifest describes what every tenant stored, so it goes up once, after them all.
    expect(puts().filter((key) => key.includes('.portal-release'))).toEqual(['sites/.portal-release.json']);
    expect(puts().at(-1)).toBe('sites/.portal-release.json');
  });

  it('a second publish uploads nothing and says so, deciding from the listing: no HEAD per object', async () => {
    await writeDist(out, ACME, '7.2.2');
    await publish({ tenant: ['acme'] });
    proxy.log.length = 0;
    const again = await publish({ tenant: ['acme'] });
    expect(again.code).toBe(0);
    expect(puts()).toEqual([]);
    // The listing (one page for the site, one for the theme, one finding the release manifests) and the
    // manifest decide, meta.json included: its listed ETag is the one recorded when its bytes were stored.
    expect(requests('HEAD')).toEqual([]);
    expect(requests('GET')).toEqual(['sites/.portal-release.json']);
    expect(requests('LIST')).toHaveLength(3);
    expect(JSON.parse(again.stdout)).toMatchObject([
      { slug: 'acme', uploaded: 0, skipped: 9, status: 'unchanged' },
    ]);
    expect(again.stderr).toContain('nothing uploaded');
  });

  it('reads a listing of more than 1,000 keys page by page', async () => {
    await writeDist(out, ACME, '7.2.2');
    await writeDist(out, GLOBEX, '7.2.2');
    // Earlier releases' chunks: the sites/ listing of both tenants no longer fits one page.
    const old = Array.from(
      { length: 1001 },
      (_, i) => `portal/sites/acme/assets/old-${String(i).padStart(8, '0')}.js`,
    );
    for (let i = 0; i < old.length; i += 50) {
      await Promise.all(
        old
          .slice(i, i + 50)
          .map((Key) =>
            client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: '', ContentLength: 0 })),
          ),
      );
    }
    expect((await publish({ all: true })).code).toBe(0);
    proxy.log.length = 0;
    const again = await publish({ all: true });
    expect(again.code, again.stderr).toBe(0);
    expect(puts()).toEqual([]);
    expect(requests('HEAD')).toEqual([]);
    expect(requests('LIST')).toHaveLength(4);
  });

  it('re-uploads an object changed or deleted behind its back, and only those', async () => {
    const { assets } = await writeDist(out, ACME, '7.2.2');
    await writeDist(out, GLOBEX, '7.2.2');
    expect((await publish({ all: true })).code).toBe(0);
    const changed = `portal/sites/acme/${assets[0]}`;
    const deleted = `portal/sites/acme/${assets[2]}`;
    // Same size and the same sha256 metadata: only the listing's ETag shows the bytes are not ours.
    const original = await getText(changed);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: changed,
        Body: original.replace('app', 'bad'),
        ContentType: 'text/javascript; charset=utf-8',
        Metadata: {
          sha256: (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: changed }))).Metadata!
            .sha256!,
        },
      }),
    );
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: deleted }));
    proxy.log.length = 0;
    const again = await publish({ all: true });
    expect(again.code, again.stderr).toBe(0);
    // Put back with the bytes the manifest describes (the same ETag): the manifest stays as it is.
    expect(puts().sort()).toEqual([`sites/acme/${assets[0]}`, `sites/acme/${assets[2]}`].sort());
    expect(requests('HEAD')).toEqual([]);
    expect(await getText(changed)).toBe(original);
    expect(JSON.parse(again.stdout)).toMatchObject([
      { slug: 'acme', uploaded: 2, skipped: 7, status: 'published' },
      { slug: 'globex', uploaded: 0, skipped: 9, status: 'unchanged' },
    ]);
  });

  it('replaces a meta.json another version was written to behind its back, and reads it back once', async () => {
    await writeDist(out, ACME, '7.2.2');
    await writeDist(out, GLOBEX, '7.2.2');
    expect((await publish({ all: true, sharedAssets: true })).code).toBe(0);
    // Another version put there directly, with the headers and sha256 metadata a publish would give ours.
    const key = 'portal/sites/acme/meta.json';
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: `${JSON.stringify({ version: '9.9.9' })}\n`,
        ContentType: head.ContentType,
        CacheControl: head.CacheControl,
        Metadata: head.Metadata,
      }),
    );
    proxy.log.length = 0;
    const again = await publish({ all: true, sharedAssets: true });
    expect(again.code, again.stderr).toBe(0);
    // The listing shows another ETag: uploaded again, then read back as the check of the live version. The
    // untouched tenant's meta.json is neither read nor written. Our bytes come back with the ETag the manifest
    // already records, so the manifest stays as it is.
    expect(puts()).toEqual(['sites/acme/meta.json']);
    expect(requests('GET')).toEqual(['sites/.portal-release.json', 'sites/acme/meta.json']);
    expect(requests('HEAD')).toEqual([]);
    expect(JSON.parse(await getText(key))).toEqual({ version: '7.2.2' });
    expect(JSON.parse(again.stdout)).toMatchObject([
      { slug: 'acme', uploaded: 1, status: 'published' },
      { slug: 'globex', uploaded: 0, status: 'unchanged' },
    ]);

    // The next run reads nothing but the manifest.
    proxy.log.length = 0;
    const third = await publish({ all: true, sharedAssets: true });
    expect(third.code, third.stderr).toBe(0);
    expect(puts()).toEqual([]);
    expect(requests('GET')).toEqual(['sites/.portal-release.json']);
    expect(requests('HEAD')).toEqual([]);
  });

  it('a meta.json no manifest describes is read once and compared, then recorded', async () => {
    await writeDist(out, ACME, '7.2.2');
    expect((await publish({ tenant: ['acme'] })).code).toBe(0);
    // A manifest written before meta.json had records: the same manifest without the key.
    const manifestKey = 'portal/sites/.portal-release.json';
    const manifest = JSON.parse(await getText(manifestKey)) as {
      tenants: Record<string, { files: Record<string, number> }>;
    };
    const metaId = Object.keys(manifest.tenants.acme!.files).find((id) => id.endsWith('/meta.json'))!;
    delete manifest.tenants.acme!.files[metaId];
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: manifestKey, Body: JSON.stringify(manifest) }),
    );
    proxy.log.length = 0;
    const again = await publish({ tenant: ['acme'] });
    expect(again.code, again.stderr).toBe(0);
    expect(requests('GET')).toEqual(['sites/.portal-release.json', 'sites/acme/meta.json']);
    expect(puts()).toEqual(['sites/.portal-release.json']);
    expect(JSON.parse(again.stdout)).toMatchObject([{ slug: 'acme', uploaded: 0, status: 'unchanged' }]);
    proxy.log.length = 0;
    expect((await publish({ tenant: ['acme'] })).code).toBe(0);
    expect(requests('GET')).toEqual(['sites/.portal-release.json']);
    expect(puts()).toEqual([]);
  });

  it('a manifest from a publish stopped before meta.json skips only what it uploaded', async () => {
    await writeDist(out, ACME, '7.2.2', 'r1');
    expect((await publish({ tenant: ['acme'] })).code).toBe(0);
    await rm(out, { recursive: true });
    const v2 = await writeDist(out, ACME, '7.3.0', 'r2');
    proxy.rule = (method, key) => (method === 'PUT' && key.endsWith('/meta.json') ? { status: 503 } : null);
    expect((await publish({ tenant: ['acme'], retries: 0 })).code).toBe(1);
    expect(JSON.parse(await getText('portal/sites/acme/meta.json'))).toEqual({ version: '7.2.2' });
    // The new chunk the manifest names is gone before the re-run: it must go up again, not be skipped.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `portal/sites/acme/${v2.assets[1]}` }));
    proxy.rule = () => null;
    proxy.log.length = 0;
    const rerun = await publish({ tenant: ['acme'] });
    expect(rerun.code, rerun.stderr).toBe(0);
    // The stopped run's manifest already describes the chunk as put back (same bytes, same ETag); the new
    // meta.json's record is what it adds.
    expect(puts()).toEqual([
      `sites/acme/${v2.assets[1]}`,
      'sites/acme/meta.json',
      'sites/.portal-release.json',
    ]);
    expect(JSON.parse(await getText('portal/sites/acme/meta.json'))).toEqual({ version: '7.3.0' });
  });

  it("--shared-assets writes each asset and the service worker once to assets/, each tenant's own files to its site", async () => {
    // The bake links one service worker into every site of a compile: the same bytes for each tenant.
    const serviceWorker = 'self.addEventListener("fetch", () => {});\n';
    const { assets } = await writeDist(out, ACME, '7.2.2', '7.2.2', { serviceWorker });
    await writeDist(out, GLOBEX, '7.2.2', '7.2.2', { serviceWorker });
    const shared = [...assets, 'assets/service-worker.js'];
    const result = await publish({ all: true, sharedAssets: true });
    expect(result.code, result.stderr).toBe(0);
    const written = puts();
    for (const key of shared) expect(written.filter((k) => k === key)).toHaveLength(1);
    // No site holds a copy of its own.
    const ownCopies = written.filter(
      (key) => key.startsWith('sites/') && /\/(assets\/|service-worker\.js$)/.test(key),
    );
    expect(ownCopies).toEqual([]);
    const stored = [...(await objects(bucket)).keys()];
    expect(stored.filter((key) => key.startsWith('sites/acme/')).sort()).toEqual([
      'sites/acme/favicon.svg',
      'sites/acme/index.html',
      'sites/acme/meta.json',
    ]);
    // Each tenant's own files, the shared assets and service worker once, and one release manifest for the run.
    expect(stored).toHaveLength(shared.length + 2 * 5 + 1);
    expect(stored).toContain('sites/.portal-release.json');
    // index.html is the build's, unchanged: it still names /assets/..., which the CDN maps to assets/.
    expect(await getText('portal/sites/acme/index.html')).toBe(
      await readFile(path.join(out, 'acme/index.html'), 'utf8'),
    );
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `portal/${assets[0]}` }));
    expect([head.ContentType, head.CacheControl]).toEqual([
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
    const summaries = JSON.parse(result.stdout) as { uploaded: number; shared: number }[];
    expect(summaries.reduce((n, s) => n + s.uploaded, 0)).toBe(shared.length + 2 * 5);
    // A tenant whose shared files the other took up says so, rather than calling them unchanged (which tenant
    // takes which depends on how their phases interleave).
    expect(summaries.reduce((n, s) => n + s.shared, 0)).toBe(shared.length);
    expect(result.stderr).toMatch(/\d+ shared assets? uploaded by another tenant, 0 unchanged/);

    proxy.log.length = 0;
    const again = await publish({ all: true, sharedAssets: true });
    expect(again.code).toBe(0);
    expect(puts()).toEqual([]);
    expect((JSON.parse(again.stdout) as { shared: number }[]).map((s) => s.shared)).toEqual([0, 0]);
    expect(requests('HEAD')).toEqual([]);
  });

  it('a release manifest of the earlier format, each shared key under every tenant, is read and written again in the current one', async () => {
    const serviceWorker = 'self.addEventListener("fetch", () => {});\n';
    await writeDist(out, ACME, '7.2.2', '7.2.2', { serviceWorker });
    await writeDist(out, GLOBEX, '7.2.2', '7.2.2', { serviceWorker });
    expect((await publish({ all: true, sharedAssets: true })).code).toBe(0);
    const manifestKey = 'portal/sites/.portal-release.json';
    const current = JSON.parse(await getText(manifestKey)) as {
      format: number;
      records: unknown[];
      shared: Record<string, Record<string, number>>;
      tenants: Record<string, { shared: string; files: Record<string, number> }>;
    };
    // The shared keys once, in one group both tenants name.
    expect(current.format).toBe(2);
    expect(Object.keys(current.shared)).toHaveLength(1);
    expect(new Set(Object.values(current.tenants).map((t) => t.shared))).toEqual(
      new Set(Object.keys(current.shared)),
    );
    const earlier = {
      records: current.records,
      tenants: Object.fromEntries(
        Object.entries(current.tenants).map(([slug, t]) => [
          slug,
          { ...current.shared[t.shared], ...t.files },
        ]),
      ),
    };
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: manifestKey, Body: JSON.stringify(earlier) }),
    );
    proxy.log.length = 0;
    const again = await publish({ all: true, sharedAssets: true });
    expect(again.code, again.stderr).toBe(0);
    // Its records decide as before: no file is asked about or uploaded; the manifest goes up in the new format.
    expect(requests('HEAD')).toEqual([]);
    expect(requests('GET')).toEqual(['sites/.portal-release.json']);
    expect(puts()).toEqual(['sites/.portal-release.json']);
    expect(JSON.parse(await getText(manifestKey))).toEqual(current);
    proxy.log.length = 0;
    expect((await publish({ all: true, sharedAssets: true })).code).toBe(0);
    expect(puts()).toEqual([]);
  });

  it('refuses a shared file whose bytes differ between two builds that share it', async () => {
    await writeDist(out, ACME, '7.2.2', '7.2.2', { serviceWorker: 'self.a = 1;\n' });
    await writeDist(out, GLOBEX, '7.2.2', '7.2.2', { serviceWorker: 'self.a = 2;\n' });
    const result = await publish({ all: true, sharedAssets: true });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(
      /service-worker\.js differs between the builds of acme and globex, which share it/,
    );
    expect(puts()).toEqual([]);
  });

  it('each shard writes its own release manifest, and every run reads them all', async () => {
    await writeDist(out, ACME, '7.2.2');
    await writeDist(out, GLOBEX, '7.2.2');
    // acme falls in shard 1 of 2 and globex in shard 2, so each job publishes one of them.
    expect([shardOf('acme', 2), shardOf('globex', 2)]).toEqual([1, 2]);
    for (const shard of ['1/2', '2/2']) expect((await publish({ all: true, shard })).code).toBe(0);
    const manifests = [...(await objects(bucket)).keys()].filter((key) => key.includes('.portal-release'));
    expect(manifests.sort()).toEqual([
      'sites/.portal-release.1-of-2.json',
      'sites/.portal-release.2-of-2.json',
    ]);
    expect(await getText('portal/sites/.portal-release.1-of-2.json')).toContain('"acme"');
    expect(await getText('portal/sites/.portal-release.1-of-2.json')).not.toContain('globex');

    proxy.log.length = 0;
    for (const shard of ['1/2', '2/2']) {
      const again = await publish({ all: true, shard });
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject([{ status: 'unchanged', uploaded: 0 }]);
    }
    expect(puts()).toEqual([]);
    expect(requests('HEAD')).toEqual([]);
    // An unsharded run finds both shards' records, so it asks about no file; it writes its own manifest.
    proxy.log.length = 0;
    expect((await publish({ all: true })).code).toBe(0);
    expect(requests('HEAD')).toEqual([]);
    expect(puts()).toEqual(['sites/.portal-release.json']);
  });

  it("a --tenant run keeps the other tenants' records in the manifest; --all drops a tenant no longer published", async () => {
    await writeDist(out, ACME, '7.2.2', 'r1');
    await writeDist(out, GLOBEX, '7.2.2', 'r1');
    expect((await publish({ all: true })).code).toBe(0);
    await rm(path.join(out, 'acme'), { recursive: true });
    const v2 = await writeDist(out, ACME, '7.3.0', 'r2');
    proxy.log.length = 0;
    expect((await publish({ tenant: ['acme'] })).code).toBe(0);
    expect(puts()).toContain('sites/.portal-release.json');
    const manifest = await getText('portal/sites/.portal-release.json');
    expect(manifest).toContain(v2.assets[0]!);
    expect(manifest).toContain('"globex"');

    proxy.log.length = 0;
    const again = await publish({ all: true });
    expect(again.code, again.stderr).toBe(0);
    expect(puts()).toEqual([]);
    expect(requests('HEAD')).toEqual([]);

    await writeTenants(path.join(root, 'acme-only'), [ACME]);
    const alone = await runCommand(
      run,
      { out: path.basename(out), to: `s3://${bucket}/portal`, endpoint: proxy.endpoint, all: true },
      { cwd: root, tenantsDir: path.join(root, 'acme-only'), env: S3_ENV, json: true },
    );
    expect(alone.code, alone.stderr).toBe(0);
    expect(await getText('portal/sites/.portal-release.json')).not.toContain('globex');
  });

  it('a release manifest that cannot be written leaves the sites published; the next run checks each file once', async () => {
    await writeDist(out, ACME, '7.2.2');
    proxy.rule = (method, key) =>
      method === 'PUT' && key.includes('.portal-release') ? { status: 503 } : null;
    const first = await publish({ tenant: ['acme'], retries: 1 });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(
      /warning: the release manifest portal\/sites\/\.portal-release\.json could not be written/,
    );
    expect(JSON.parse(await getText('portal/sites/acme/meta.json'))).toEqual({ version: '7.2.2' });
    expect([...(await objects(bucket)).keys()].filter((key) => key.includes('.portal-release'))).toEqual([]);

    proxy.rule = () => null;
    proxy.log.length = 0;
    const second = await publish({ tenant: ['acme'] });
    expect(second.code, second.stderr).toBe(0);
    // No record: each stored file is asked about once by its sha256 metadata, none is uploaded again.
    expect(puts()).toEqual(['sites/.portal-release.json']);
    expect(requests('HEAD')).toHaveLength(8);
    proxy.log.length = 0;
    expect((await publish({ tenant: ['acme'] })).code).toBe(0);
    expect(puts()).toEqual([]);
    expect(requests('HEAD')).toEqual([]);
  });

  it("a tenant's own publish.site and publish.theme targets get their manifest beside the site", async () => {
    const initech: FixtureTenant = {
      slug: 'initech',
      id: 203,
      publish: { site: `s3://${bucket}/initech-site`, theme: `s3://${bucket}/brand/themes` },
    };
    const dir = path.join(root, `tenants-${bucket}`);
    await writeTenants(dir, [initech]);
    await writeDist(out, initech, '7.2.2');
    const own = () =>
      runCommand(
        run,
        { out: path.basename(out), endpoint: proxy.endpoint, tenant: ['initech'], json: true },
        { cwd: root, tenantsDir: dir, env: S3_ENV, json: true },
      );
    const first = await own();
    expect(first.code, first.stderr).toBe(0);
    const keys = [...(await objects(bucket, '')).keys()];
    expect(keys).toContain('initech-site/index.html');
    expect(keys).toContain('brand/themes/203/theme.json');
    expect(keys.filter((key) => key.includes('.portal-release'))).toEqual(['.portal-release.json']);
    proxy.log.length = 0;
    const again = await own();
    expect(JSON.parse(again.stdout)).toMatchObject([{ status: 'unchanged', uploaded: 0 }]);
    // Nothing written, and no object asked about (the one HEAD is the preflight's, of the bucket).
    expect(proxy.log.filter((r) => r.method !== 'GET' && r.path !== `/${bucket}/`)).toEqual([]);
  });

  it('--dry-run reads but never writes', async () => {
    await writeDist(out, ACME, '7.2.2');
    const result = await publish({ tenant: ['acme'], dryRun: true });
    expect(result.code).toBe(0);
    expect(puts()).toEqual([]);
    expect(JSON.parse(result.stdout)[0].plan).toHaveLength(9);
  });

  it('retries 500, 503 SlowDown, 429 and a slow answer, then succeeds', async () => {
    const { assets } = await writeDist(out, ACME, '7.2.2');
    const failures = new Map<string, number[]>([
      [assets[0]!, [500]],
      [assets[1]!, [503, 503]],
      ['favicon.svg', [429]],
    ]);
    let delayed = false;
    proxy.rule = (method, key) => {
      if (method !== 'PUT') return null;
      const name = Object.keys(Object.fromEntries(failures)).find((f) => key.endsWith(f));
      const next = name ? failures.get(name)!.shift() : undefined;
      if (next) return { status: next, code: next === 429 ? 'TooManyRequests' : undefined };
      if (key.endsWith('theme.json') && !delayed) {
        delayed = true;
        return { delayMs: 1500 };
      }
      return null;
    };
    const result = await publish({ tenant: ['acme'], requestTimeout: 500 });
    expect(result.code, result.stderr).toBe(0);
    const counts = (suffix: string) => puts().filter((key) => key.endsWith(suffix)).length;
    expect(counts(assets[0]!)).toBe(2);
    expect(counts(assets[1]!)).toBe(3);
    expect(counts('favicon.svg')).toBe(2);
    expect(counts('theme.json')).toBe(2);
    expect(await getText('portal/sites/acme/meta.json')).toContain('7.2.2');
  });

  it('does not retry a 400', async () => {
    const { assets } = await writeDist(out, ACME, '7.2.2');
    proxy.rule = (method, key) =>
      method === 'PUT' && key.endsWith(assets[0]!) ? { status: 400, code: 'InvalidRequest' } : null;
    const result = await publish({ tenant: ['acme'] });
    expect(result.code).toBe(1);
    expect(puts().filter((key) => key.endsWith(assets[0]!))).toHaveLength(1);
  });

  it('an asset that keeps failing leaves the previous release whole; exit 5 with --all, and a re-run equals a clean run', async () => {
    await writeDist(out, ACME, '7.2.2', 'r1');
    await writeDist(out, GLOBEX, '7.2.2', 'r1');
    expect((await publish({ all: true })).code).toBe(0);
    const v1 = await objects(bucket);
    const v1Index = await getText('portal/sites/acme/index.html');

    await rm(out, { recursive: true });
    const v2 = await writeDist(out, ACME, '7.3.0', 'r2');
    await writeDist(out, GLOBEX, '7.3.0', 'r2');
    const broken = `sites/acme/${v2.assets[1]}`;
    proxy.rule = (method, key) => (method === 'PUT' && key.endsWith(broken) ? { status: 503 } : null);
    proxy.log.length = 0;
    const failed = await publish({ all: true, retries: 2 });
    expect(failed.code).toBe(5);
    expect(puts().filter((key) => key === broken)).toHaveLength(3);
    const summaries = JSON.parse(failed.stdout) as { slug: string; status: string; error?: string }[];
    expect(summaries.map((s) => [s.slug, s.status])).toEqual([
      ['acme', 'failed'],
      ['globex', 'published'],
    ]);
    expect(summaries[0]!.error).toContain(broken);
    expect(puts()).not.toContain('sites/acme/index.html');
    expect(puts()).not.toContain('sites/acme/meta.json');
    // The live acme site is still the previous release, whole: its index.html and every file it names.
    expect(await getText('portal/sites/acme/index.html')).toBe(v1Index);
    expect(JSON.parse(await getText('portal/sites/acme/meta.json'))).toEqual({ version: '7.2.2' });
    const now = await objects(bucket);
    for (const [key, etag] of v1) if (key.startsWith('sites/acme/assets/')) expect(now.get(key)).toBe(etag);

    proxy.rule = () => null;
    proxy.log.length = 0;
    const rerun = await publish({ all: true });
    expect(rerun.code).toBe(0);
    // The failed tenant kept its records of the files it did not reach, so none is asked about.
    expect(requests('HEAD')).toEqual([]);
    expect(JSON.parse(await getText('portal/sites/acme/meta.json'))).toEqual({ version: '7.3.0' });

    const cleanBucket = bucket;
    bucket = CLEAN_BUCKET;
    expect((await publish({ all: true })).code).toBe(0);
    const clean = await objects(CLEAN_BUCKET);
    const after = await objects(cleanBucket);
    // The release manifest names its own bucket, so the two differ by that name only.
    expect(after.delete('sites/.portal-release.json') && clean.delete('sites/.portal-release.json')).toBe(
      true,
    );
    for (const [key, etag] of clean) expect([key, after.get(key)]).toEqual([key, etag]);
    // What the clean run lacks are only the previous release's hashed assets, kept for open tabs.
    const extra = [...after.keys()].filter((key) => !clean.has(key));
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.every((key) => /^sites\/\w+\/assets\//.test(key))).toBe(true);
  });

  it('exits 1 when the only tenant fails', async () => {
    const { assets } = await writeDist(out, ACME, '7.2.2');
    proxy.rule = (method, key) => (method === 'PUT' && key.endsWith(assets[2]!) ? { status: 500 } : null);
    const result = await publish({ tenant: ['acme'], retries: 1 });
    expect(result.code).toBe(1);
    expect(puts()).not.toContain('sites/acme/meta.json');
  });

  it('exits 4 naming the bucket when it does not exist', async () => {
    await writeDist(out, ACME, '7.2.2');
    const result = await publish({ tenant: ['acme'], to: 's3://no-such-bucket/portal' });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'The bucket "no-such-bucket" of s3://no-such-bucket/portal/ does not exist.',
    );
    expect(puts()).toEqual([]);
  });

  it('exits 4 naming the endpoint when nothing answers there', async () => {
    await writeDist(out, ACME, '7.2.2');
    const result = await publish({ tenant: ['acme'], endpoint: 'http://127.0.0.1:9', retries: 1 });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/The storage endpoint of s3:\/\/bucket-\d+\/portal\/ did not answer/);
    expect(result.stderr).toContain('--endpoint');
  });

  it('exits 4 when access is denied, before or during the upload', async () => {
    const { assets } = await writeDist(out, ACME, '7.2.2');
    proxy.rule = () => ({ status: 403, code: 'AccessDenied' });
    const before = await publish({ tenant: ['acme'] });
    expect(before.code).toBe(4);
    expect(before.stderr).toMatch(/Access to s3:\/\/bucket-\d+\/portal\/ was denied/);

    proxy.rule = (method, key) =>
      method === 'PUT' && key.endsWith(assets[0]!) ? { status: 403, code: 'AccessDenied' } : null;
    const during = await publish({ tenant: ['acme'] });
    expect(during.code).toBe(4);
    expect(during.stderr).toContain('was denied (AccessDenied)');
    expect(puts().filter((key) => key.endsWith(assets[0]!))).toHaveLength(1);
    expect(puts()).not.toContain('sites/acme/index.html');
  });

  it('exits 4 naming the next step when there are no credentials', async () => {
    await writeDist(out, ACME, '7.2.2');
    // Keep the SDK's credential chain from finding anything real on this machine or asking a metadata service.
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    vi.stubEnv('AWS_PROFILE', '');
    vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', path.join(root, 'none'));
    vi.stubEnv('AWS_CONFIG_FILE', path.join(root, 'none'));
    try {
      const result = await publish({ tenant: ['acme'] }, { AWS_REGION: 'us-east-1' });
      expect(result.code).toBe(4);
      expect(result.stderr).toMatch(/No AWS credentials were found for s3:\/\/bucket-\d+\/portal\/\./);
      expect(result.stderr).toContain('AWS_ACCESS_KEY_ID');
      // A dry run says why it needs them too, and how to see the plan without.
      const dry = await publish({ tenant: ['acme'], dryRun: true }, { AWS_REGION: 'us-east-1' });
      expect(dry.code).toBe(4);
      expect(dry.stderr).toContain('No AWS credentials were found');
      expect(dry.stderr).toContain(
        'A dry run reads the target too: it compares each file with what is stored there',
      );
      expect(dry.stderr).toContain('dry-run to an empty folder: --to <dir>');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
