import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/commands/publish.js';
import { runCommand, tempDir, writeDist, writeTenants, type FixtureTenant } from './support/fixtures.js';

const ACME: FixtureTenant = { slug: 'acme', id: 101 };
const GLOBEX: FixtureTenant = { slug: 'globex', id: 102 };

let root: string;
let tenantsDir: string;
let out: string;
let storage: string;

async function listTree(dir: string, prefix = ''): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = `${prefix}${entry.name}`;
    if (entry.isDirectory()) found.push(...(await listTree(path.join(dir, entry.name), `${rel}/`)));
    else found.push(rel);
  }
  return found.sort();
}

const publish = (options: Record<string, unknown>, json = false) =>
  runCommand(
    run,
    { out: 'dist', concurrency: 4, retryBaseMs: 1, ...options },
    { cwd: root, tenantsDir, json },
  );

beforeEach(async () => {
  root = await tempDir();
  tenantsDir = path.join(root, 'tenants');
  out = path.join(root, 'dist');
  storage = path.join(root, 'storage');
  await writeTenants(tenantsDir, [ACME, GLOBEX]);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('portal publish to a folder', () => {
  it('writes the site under sites/<slug>/ and the theme under themes/<id>/, never the build stamp', async () => {
    const { assets } = await writeDist(out, ACME, '7.2.2');
    const result = await publish({ tenant: ['acme'], to: storage });
    expect(result.code).toBe(0);
    expect(await listTree(storage)).toEqual(
      [
        ...assets.map((a) => `sites/acme/${a}`),
        'sites/acme/favicon.svg',
        'sites/acme/index.html',
        'sites/acme/meta.json',
        'themes/101/logo.svg',
        'themes/101/theme.json',
      ].sort(),
    );
    for (const rel of ['index.html', 'meta.json', ...assets]) {
      expect(await readFile(path.join(storage, 'sites/acme', rel))).toEqual(
        await readFile(path.join(out, 'acme', rel)),
      );
    }
    expect(result.stderr).toMatch(/ok\s+acme 7\.2\.2: 9 uploaded/);
    expect(result.stderr).toContain('1 of 1 tenant published, 9 files (');
  });

  it('uses the default folder .portal/storage relative to the working directory', async () => {
    await writeDist(out, ACME, '7.2.2');
    expect((await publish({ tenant: ['acme'] })).code).toBe(0);
    expect(existsSync(path.join(root, '.portal/storage/sites/acme/meta.json'))).toBe(true);
  });

  it('uploads nothing the second time and says so', async () => {
    await writeDist(out, ACME, '7.2.2');
    await publish({ tenant: ['acme'], to: storage });
    const again = await publish({ tenant: ['acme'], to: storage, json: true }, true);
    expect(again.code).toBe(0);
    const [summary] = JSON.parse(again.stdout) as Record<string, unknown>[];
    expect(summary).toMatchObject({ slug: 'acme', uploaded: 0, skipped: 9, bytes: 0, status: 'unchanged' });
    expect(summary).toHaveProperty('seconds');
    expect(again.stderr).toContain('Everything is already published: nothing uploaded.');
  });

  it("keeps the previous release's hashed assets when a new one is published", async () => {
    const v1 = await writeDist(out, ACME, '7.2.2');
    await publish({ tenant: ['acme'], to: storage });
    await rm(path.join(out, 'acme'), { recursive: true });
    const v2 = await writeDist(out, ACME, '7.3.0');
    expect((await publish({ tenant: ['acme'], to: storage })).code).toBe(0);
    for (const asset of [...v1.assets, ...v2.assets])
      expect(existsSync(path.join(storage, 'sites/acme', asset))).toBe(true);
    expect(JSON.parse(await readFile(path.join(storage, 'sites/acme/meta.json'), 'utf8'))).toEqual({
      version: '7.3.0',
    });
  });

  it('--dry-run prints key, action, size and headers and writes nothing', async () => {
    const { assets } = await writeDist(out, ACME, '7.2.2');
    const result = await publish({ tenant: ['acme'], to: storage, dryRun: true });
    expect(result.code).toBe(0);
    expect(existsSync(storage)).toBe(false);
    // The plan is the command's result: on stdout, so it pipes.
    const jsLine = result.stdout.split('\n').find((line) => line.includes(`sites/acme/${assets[0]}`));
    expect(jsLine).toMatch(
      /upload\s+\d+ B\s+sites\/acme\/assets\/index-\w+\.js\s+\[text\/javascript; charset=utf-8; public, max-age=31536000, immutable\]/,
    );
    expect(result.stdout).toMatch(/sites\/acme\/index\.html\s+\[text\/html; charset=utf-8; no-cache\]/);
    expect(result.stdout).toContain('nothing was written');
    expect(result.stderr).not.toContain('sites/acme/index.html');

    const json = await publish({ tenant: ['acme'], to: storage, dryRun: true }, true);
    const [summary] = JSON.parse(json.stdout) as {
      plan: { key: string; action: string }[];
      status: string;
    }[];
    expect(summary!.status).toBe('planned');
    expect(summary!.plan.at(-1)).toMatchObject({ key: 'sites/acme/meta.json', action: 'upload' });
  });

  it('publishes every tenant with --all and reports each in --json', async () => {
    await writeDist(out, ACME, '7.2.2');
    await writeDist(out, GLOBEX, '7.2.2');
    const result = await publish({ all: true, to: storage }, true);
    expect(result.code).toBe(0);
    const summaries = JSON.parse(result.stdout) as { slug: string; status: string }[];
    expect(summaries.map((s) => [s.slug, s.status])).toEqual([
      ['acme', 'published'],
      ['globex', 'published'],
    ]);
  });

  it('honours publish.site and publish.theme from tenant.json, and --to overrides them', async () => {
    const custom: FixtureTenant = {
      slug: 'initech',
      id: 103,
      publish: { site: 'custom-site', theme: 'custom/themes' },
    };
    await writeTenants(tenantsDir, [custom]);
    await writeDist(out, custom, '7.2.2');
    expect((await publish({ tenant: ['initech'] })).code).toBe(0);
    expect(existsSync(path.join(root, 'custom-site/index.html'))).toBe(true);
    expect(existsSync(path.join(root, 'custom/themes/103/theme.json'))).toBe(true);
    expect((await publish({ tenant: ['initech'], to: storage })).code).toBe(0);
    expect(existsSync(path.join(storage, 'sites/initech/index.html'))).toBe(true);
  });

  it('warns when the baked themeUrl cannot reach where the theme is published', async () => {
    const file = path.join(tenantsDir, 'acme/tenant.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...config, themeUrl: '/brand-themes' }));
    await writeDist(out, ACME, '7.2.2');
    const result = await publish({ tenant: ['acme'], to: storage });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: acme: themeUrl "/brand-themes" cannot reach the theme');
  });

  it('names `portal build --tenant <slug>` when a tenant has no build', async () => {
    await writeDist(out, ACME, '7.2.2');
    const result = await publish({ all: true, to: storage });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No build of globex');
    expect(result.stderr).toContain('portal build --tenant globex');
    expect(await listTree(storage)).toEqual([]);
  });

  it('refuses a build whose meta.json disagrees with its stamp before writing anything', async () => {
    await writeDist(out, ACME, '7.2.2');
    await writeFile(path.join(out, 'acme/meta.json'), '{"version":"9.9.9"}');
    const result = await publish({ tenant: ['acme'], to: storage });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/meta\.json.*9\.9\.9.*7\.2\.2/);
    expect(await listTree(storage)).toEqual([]);
  });

  it('refuses a build made for another tenant id, and warns about a build older than its sources', async () => {
    await writeDist(out, { ...ACME, id: 999 }, '7.2.2');
    const moved = await publish({ tenant: ['acme'], to: storage });
    expect(moved.code).toBe(1);
    expect(moved.stderr).toContain('The build of acme has another tenant id than its tenant.json.');
    await rm(path.join(out, 'acme'), { recursive: true });
    // The fixture stamps carry made-up source hashes, so this build looks stale: published, with a warning.
    await writeDist(out, ACME, '7.2.2');
    const stale = await publish({ tenant: ['acme'], to: storage });
    expect(stale.code).toBe(0);
    expect(stale.stderr).toContain('warning: acme: the build is older than its sources');
  });

  it('exits 2 without --tenant or --all, or for an unknown tenant', async () => {
    expect((await publish({})).code).toBe(2);
    expect((await publish({ tenant: ['nope'] })).code).toBe(2);
  });

  it('exits 4 naming the folder when the target cannot be written', async () => {
    await writeDist(out, ACME, '7.2.2');
    const file = path.join(root, 'a-file');
    await writeFile(file, '');
    const result = await publish({ tenant: ['acme'], to: path.join(file, 'storage') });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(path.join(file, 'storage'));
  });

  it('a file that keeps failing stops the tenant before index.html and meta.json; a re-run finishes', async () => {
    await writeDist(out, ACME, '7.2.2');
    await publish({ tenant: ['acme'], to: storage });
    await rm(path.join(out, 'acme'), { recursive: true });
    const v2 = await writeDist(out, ACME, '7.3.0');
    // A folder where the new vendor chunk should go makes that one write fail with EISDIR.
    const blocked = path.join(storage, 'sites/acme', v2.assets[1]!);
    await mkdir(blocked, { recursive: true });
    const failed = await publish({ tenant: ['acme'], to: storage });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('the live site still serves the previous release');
    expect(JSON.parse(await readFile(path.join(storage, 'sites/acme/meta.json'), 'utf8'))).toEqual({
      version: '7.2.2',
    });
    expect(await readFile(path.join(storage, 'sites/acme/index.html'), 'utf8')).not.toContain(v2.assets[0]!);
    await rm(blocked, { recursive: true });
    expect((await publish({ tenant: ['acme'], to: storage })).code).toBe(0);
    expect(JSON.parse(await readFile(path.join(storage, 'sites/acme/meta.json'), 'utf8'))).toEqual({
      version: '7.3.0',
    });
  });
});
