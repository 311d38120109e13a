import { describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor } from '../../src/lib/storage/content-types.js';
import {
  parseManifest,
  serializeManifest,
  type FileRecord,
  type Manifest,
} from '../../src/lib/storage/release-manifest.js';
import { backoffDelay, createLimiter, withRetry } from '../../src/lib/storage/retry.js';
import { parseTarget, resolveLocations } from '../../src/lib/storage/target.js';
import { themeLocationProblems } from '../../src/lib/storage/theme-location.js';

describe('storage targets', () => {
  it('parses s3 URLs and folders, and refuses anything that could leave the prefix', () => {
    expect(parseTarget('s3://portal-sites/prod/eu', '/w')).toMatchObject({
      kind: 's3',
      bucket: 'portal-sites',
      prefix: 'prod/eu/',
    });
    expect(parseTarget('s3://portal-sites', '/w')).toMatchObject({ kind: 's3', prefix: '' });
    expect(parseTarget('out/storage', '/w')).toMatchObject({ kind: 'folder', root: '/w/out/storage' });
    expect(parseTarget('file:///srv/storage', '/w')).toMatchObject({ kind: 'folder', root: '/srv/storage' });
    for (const bad of [
      's3://portal/../x',
      's3://Bad_Bucket/x',
      's3://b',
      'gs://bucket/x',
      's3://portal/a b',
    ]) {
      expect(() => parseTarget(bad, '/w'), bad).toThrow(/target/);
    }
  });

  it('lays tenants out as sites/<slug>/ and themes/, with tenant targets unless --to is given', () => {
    const def = resolveLocations('acme', undefined, 's3://bkt/prod', '/w');
    expect([def.site.prefix, def.themes.prefix]).toEqual(['prod/sites/acme/', 'prod/themes/']);
    const own = resolveLocations(
      'acme',
      { site: 's3://acme-site', theme: 's3://shared/themes' },
      undefined,
      '/w',
    );
    expect([own.site.target.url, own.site.prefix, own.themes.prefix]).toEqual([
      's3://acme-site',
      '',
      'themes/',
    ]);
    expect(resolveLocations('acme', { site: 's3://acme-site' }, 's3://bkt', '/w').site.prefix).toBe(
      'sites/acme/',
    );
    expect(() => resolveLocations('../x', undefined, undefined, '/w')).toThrow(/slug/);
    // Shared assets: assets/ beside sites/ with --shared-assets, or where publish.assets points.
    expect(def.assets).toBeNull();
    expect(resolveLocations('acme', undefined, 's3://bkt/prod', '/w', true).assets?.prefix).toBe(
      'prod/assets/',
    );
    const shared = resolveLocations('acme', { assets: 's3://cdn-origin/assets' }, undefined, '/w');
    expect([shared.assets?.target.url, shared.assets?.prefix, shared.site.prefix]).toEqual([
      's3://cdn-origin/assets',
      'assets/',
      'sites/acme/',
    ]);
  });
});

describe('release manifest', () => {
  const record = (etag: string): FileRecord => ({
    sha256: 'a'.repeat(64),
    size: 9,
    etag,
    contentType: 'text/javascript; charset=utf-8',
    cacheControl: 'public, max-age=31536000, immutable',
  });

  it('stores a shared group once with each tenant naming it, reads back what it wrote, and the same bytes for the same release', () => {
    const group = 'abc123 s3:bkt portal/assets/';
    const shared = 's3:bkt portal/assets/index-Ab12Cd34.js';
    const manifest: Manifest = {
      shared: new Map([[group, new Map([[shared, record('"e1"')]])]]),
      tenants: new Map([
        [
          'globex',
          { shared: group, own: new Map([['s3:bkt portal/sites/globex/index.html', record('"e3"')]]) },
        ],
        ['acme', { shared: group, own: new Map([['s3:bkt portal/sites/acme/index.html', record('"e2"')]]) }],
        ['initech', { own: new Map([['s3:bkt portal/sites/initech/index.html', record('"e2"')]]) }],
      ]),
    };
    const bytes = serializeManifest(manifest);
    const stored = JSON.parse(bytes.toString()) as { records: unknown[]; tenants: Record<string, object> };
    expect(stored.records).toHaveLength(3);
    // The shared key is named once, in its group; each tenant names only its own keys.
    expect(bytes.toString().split(shared)).toHaveLength(2);
    expect(stored.tenants.acme).toEqual({
      shared: group,
      files: { 's3:bkt portal/sites/acme/index.html': 1 },
    });
    expect(parseManifest(bytes)).toEqual(manifest);
    const reversed: Manifest = { shared: manifest.shared, tenants: new Map([...manifest.tenants].reverse()) };
    expect(serializeManifest(reversed).equals(bytes)).toBe(true);
  });

  it('reads a manifest of the earlier format, every key of a tenant its own, and writes the current one', () => {
    const shared = 's3:bkt portal/assets/index-Ab12Cd34.js';
    const earlier = {
      records: [
        ['a'.repeat(64), 9, '"e1"', 'x', 'y'],
        ['a'.repeat(64), 9, '"e2"', 'x', 'y'],
      ],
      tenants: { acme: { [shared]: 0, 's3:bkt portal/sites/acme/index.html': 1 } },
    };
    const manifest = parseManifest(Buffer.from(JSON.stringify(earlier)));
    expect(manifest.shared.size).toBe(0);
    expect([...manifest.tenants.get('acme')!.own.keys()].sort()).toEqual([
      shared,
      's3:bkt portal/sites/acme/index.html',
    ]);
    expect(manifest.tenants.get('acme')!.own.get(shared)!.etag).toBe('"e1"');
    expect(JSON.parse(serializeManifest(manifest).toString())).toMatchObject({ format: 2 });
  });

  it('says nothing for a damaged or foreign manifest', () => {
    const empty = (value: unknown) => {
      const manifest = parseManifest(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)));
      return manifest.tenants.size === 0 && manifest.shared.size === 0;
    };
    const records = [['a'.repeat(64), 9, '"e1"', 'x', 'y']];
    expect(empty({ records, tenants: { acme: { 's3:bkt k': 1 } } })).toBe(true);
    expect(
      empty({ records: [['not a hash', 9, '"e1"', 'x', 'y']], tenants: { acme: { 's3:bkt k': 0 } } }),
    ).toBe(true);
    // A tenant naming a group the manifest does not hold, and a format this version does not know.
    expect(empty({ format: 2, records, shared: {}, tenants: { acme: { shared: 'g', files: {} } } })).toBe(
      true,
    );
    expect(empty({ format: 3, records, shared: {}, tenants: {} })).toBe(true);
    expect(empty({ files: {} })).toBe(true);
    expect(empty('not json')).toBe(true);
    // The same tables well formed are read.
    expect(
      empty({
        format: 2,
        records,
        shared: { g: { 's3:bkt k': 0 } },
        tenants: { acme: { shared: 'g', files: {} } },
      }),
    ).toBe(false);
  });
});

describe('headers', () => {
  it('chooses Content-Type and Cache-Control per file', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('x.webmanifest')).toBe('application/manifest+json; charset=utf-8');
    expect(contentTypeFor('blob.bin')).toBe('application/octet-stream');
    expect(cacheControlFor('assets/index-BxZ3a_4k.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('assets/logo.svg')).toBe('public, max-age=300');
    expect(cacheControlFor('service-worker.js')).toBe('no-cache');
    // The manifest carries the brand (name, colours, icon): a rebrand shows on the next load.
    expect(cacheControlFor('manifest.webmanifest')).toBe('no-cache');
    expect(cacheControlFor('theme.json')).toBe('no-cache');
    expect(cacheControlFor('favicon.ico')).toBe('public, max-age=300');
  });
});

describe('retry', () => {
  it('backs off exponentially with full jitter under a cap', () => {
    const policy = { retries: 5, baseMs: 100, capMs: 1000, random: () => 0.999 };
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, policy))).toEqual([99, 199, 399, 799, 999]);
    expect(backoffDelay(3, { ...policy, random: () => 0 })).toBe(0);
  });

  it('retries only what the classifier allows, up to the limit', async () => {
    const delays: number[] = [];
    let calls = 0;
    const policy = { retries: 3, baseMs: 10, capMs: 100, sleep: async (ms: number) => void delays.push(ms) };
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('503');
        },
        () => true,
        policy,
      ),
    ).rejects.toThrow('503');
    expect([calls, delays.length]).toEqual([4, 3]);
    calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('403');
        },
        () => false,
        policy,
      ),
    ).rejects.toThrow('403');
    expect(calls).toBe(1);
  });

  it('never runs more than the limit at once', async () => {
    const limit = createLimiter(3);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        limit(async () => {
          peak = Math.max(peak, ++active);
          await new Promise((resolve) => setTimeout(resolve, 2));
          active--;
        }),
      ),
    );
    expect(peak).toBe(3);
  });
});

describe('themeLocationProblems', () => {
  it('accepts the default layout and matching targets', () => {
    expect(themeLocationProblems({})).toEqual([]);
    expect(themeLocationProblems({ themeUrl: '/themes' })).toEqual([]);
    expect(themeLocationProblems({ themeUrl: 'https://cdn.acme.com/prod/themes' })).toEqual([]);
    expect(
      themeLocationProblems({ themeUrl: '/themes', publish: { theme: 's3://bucket/prod/themes' } }),
    ).toEqual([]);
    expect(
      themeLocationProblems({ themeUrl: 'https://themes.acme.com', publish: { theme: 's3://acme-themes' } }),
    ).toEqual([]);
  });

  it('warns when themeUrl cannot reach the published theme', () => {
    const [problem] = themeLocationProblems({ themeUrl: '/brand-themes' });
    expect(problem).toMatchObject({ pointer: '/themeUrl', keyword: 'themeLocation', severity: 'warning' });
    expect(problem!.message).toContain('/brand-themes');
    expect(
      themeLocationProblems({ themeUrl: '/themes', publish: { theme: 's3://bucket/skins' } })[0],
    ).toMatchObject({ pointer: '/publish/theme' });
    expect(themeLocationProblems({ themeUrl: '/' })).toHaveLength(1);
    expect(
      themeLocationProblems({ themeUrl: '/', publish: { site: 's3://site-b', theme: 's3://site-b' } }),
    ).toEqual([]);
  });
});
