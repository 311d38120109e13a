/**
 * The compile's hashed assets in the build output folder, once per compile (site-layout.ts
 * compileAssetsFolder): every site of the compile links its assets/ to that folder. A fleet of 10,000 tenants
 * made 520,000 hard links when each site held its own; now it makes one folder of links and a symbolic link per
 * site. The folder's digests.json records each asset's size and SHA-256, so a publish plans the assets without
 * reading or even listing them.
 */
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { digestOf, type Digest } from '../digest.js';
import { ASSETS_DIR, ASSET_DIGESTS_FILE, COMPILE_ASSETS_STEM, compileAssetsFolder } from '../site-layout.js';
import type { CompiledApp } from './compile.js';

// A link refused by the file system (another device, no hard or symbolic links, too many links): copy instead.
const LINK_REFUSED = new Set(['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP']);
const refused = (error: unknown) => LINK_REFUSED.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * Hard link when the source and the target share a file system; a copy otherwise. The synchronous call: as
 * promises, thousands of links queue on libuv's four threads and contend for the same folder's lock.
 */
export function linkOrCopySync(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if (!refused(error)) throw error;
    copyFileSync(from, to);
  }
}

export interface CompileAssets {
  /** dist/.portal-assets-<hash>: what each site's assets/ links to. */
  dir: string;
  name: string;
}

/**
 * The compile's assets folder in outDir, made when missing: each asset linked from the compile cache and
 * digested once, assembled in a working folder and renamed into place, so a folder that exists is whole.
 */
export function prepareCompileAssets(
  outDir: string,
  app: Pick<CompiledApp, 'hash' | 'dir' | 'files'>,
): CompileAssets {
  const name = compileAssetsFolder(app.hash);
  const dir = path.join(outDir, name);
  if (existsSync(path.join(dir, ASSET_DIGESTS_FILE))) return { dir, name };
  // Named like the bake's other working folders, so an interrupted build's is swept (bake.ts WORK_FOLDER).
  const tmp = path.join(outDir, `${name}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(path.join(tmp, ASSETS_DIR), { recursive: true });
    const digests: Record<string, Digest> = {};
    for (const file of app.files) {
      const from = path.join(app.dir, file);
      digests[file] = digestOf(readFileSync(from));
      linkOrCopySync(from, path.join(tmp, file));
    }
    writeFileSync(path.join(tmp, ASSET_DIGESTS_FILE), `${JSON.stringify(digests)}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { dir, name };
}

/**
 * A site's assets/: a relative symbolic link to the compile's folder (it still resolves once the site is
 * renamed into place); where the file system refuses symbolic links, a folder of hard links as before.
 */
export function linkSiteAssets(assets: CompileAssets, app: Pick<CompiledApp, 'files'>, site: string): void {
  const link = path.join(site, ASSETS_DIR);
  try {
    symlinkSync(`../${assets.name}/${ASSETS_DIR}`, link, 'dir');
  } catch (error) {
    if (!refused(error)) throw error;
    mkdirSync(link);
    for (const file of app.files) linkOrCopySync(path.join(assets.dir, file), path.join(site, file));
  }
}

/** The digests of a compile's assets as the build recorded them, read once per folder and process. */
const digestFiles = new Map<string, Record<string, Digest>>();

export function assetDigests(outDir: string, appHash: string): Record<string, Digest> | null {
  const file = path.join(outDir, compileAssetsFolder(appHash), ASSET_DIGESTS_FILE);
  let digests = digestFiles.get(file);
  if (!digests) {
    try {
      digests = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Digest>;
    } catch {
      return null;
    }
    digestFiles.set(file, digests);
  }
  return digests;
}

const COMPILE_FOLDER = new RegExp(`^${COMPILE_ASSETS_STEM.replace('.', '\\.')}[0-9a-f]+$`);

/**
 * Removes the assets folders of older compiles that no site of outDir links to any more (every site built
 * again since). One readlink a site: a site whose assets/ is a folder of its own links to none.
 */
export function pruneCompileAssets(outDir: string, keep: string): void {
  const names = readdirSync(outDir);
  const old = names.filter((name) => COMPILE_FOLDER.test(name) && name !== keep);
  if (old.length === 0) return;
  const used = new Set<string>();
  for (const name of names) {
    if (name.startsWith('.')) continue;
    try {
      used.add(path.basename(path.dirname(readlinkSync(path.join(outDir, name, ASSETS_DIR)))));
    } catch {
      // Not a site, or a site with assets of its own.
    }
  }
  for (const name of old)
    if (!used.has(name)) rmSync(path.join(outDir, name), { recursive: true, force: true });
}
