import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  linkSiteAssets,
  prepareCompileAssets,
  pruneCompileAssets,
} from '../../src/lib/bake/compile-assets.js';
import { digestOf } from '../../src/lib/digest.js';
import { compileAssetsFolder } from '../../src/lib/site-layout.js';
import { tempDir } from '../publish/support/fixtures.js';

let root: string;
let cache: string;
let out: string;

/** A compile in the cache as compile.ts leaves it: its hashed assets under assets/. */
async function compile(hash: string, files: Record<string, string>) {
  const dir = path.join(cache, hash);
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
  return { hash, dir, files: Object.keys(files) };
}

beforeEach(async () => {
  root = await tempDir();
  cache = path.join(root, 'cache');
  out = path.join(root, 'dist');
  await mkdir(out);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("the compile's assets in the output folder", () => {
  it('are linked once with their digests, and each site links to them', async () => {
    const app = await compile('a'.repeat(64), { 'assets/index-Ab12Cd34.js': 'app();\n' });
    const assets = prepareCompileAssets(out, app);
    expect(assets.name).toBe(compileAssetsFolder(app.hash));
    const digests = JSON.parse(await readFile(path.join(assets.dir, 'digests.json'), 'utf8'));
    expect(digests).toEqual({ 'assets/index-Ab12Cd34.js': digestOf('app();\n') });
    const site = path.join(out, 'acme');
    await mkdir(site);
    linkSiteAssets(assets, app, site);
    expect(await readFile(path.join(site, 'assets/index-Ab12Cd34.js'), 'utf8')).toBe('app();\n');
    // A second build of the same compile finds the folder whole and keeps it.
    expect(prepareCompileAssets(out, app)).toEqual(assets);
    expect(await readdir(out)).toEqual(expect.arrayContaining([assets.name, 'acme']));
  });

  it("an older compile's folder goes once no site links to it", async () => {
    const old = prepareCompileAssets(out, await compile('b'.repeat(64), { 'assets/a-Ab12Cd34.js': '1' }));
    const now = prepareCompileAssets(out, await compile('c'.repeat(64), { 'assets/a-Zz12Cd34.js': '2' }));
    for (const [slug, assets] of [
      ['acme', old],
      ['demo', now],
    ] as const) {
      await mkdir(path.join(out, slug));
      await symlink(`../${assets.name}/assets`, path.join(out, slug, 'assets'));
    }
    pruneCompileAssets(out, now.name);
    expect(existsSync(old.dir)).toBe(true);
    await rm(path.join(out, 'acme/assets'));
    await symlink(`../${now.name}/assets`, path.join(out, 'acme/assets'));
    pruneCompileAssets(out, now.name);
    expect(existsSync(old.dir)).toBe(false);
    expect(existsSync(now.dir)).toBe(true);
  });
});
