import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { computeAppHash } from './hash.js';
import { resolveEarlyPages, type EarlyPages } from './early-data.js';
import type { Prerendered } from './prerender.js';

/** One compile of the shared app, cached by the hash of everything that changes its output. */
export interface CompiledApp {
  hash: string;
  dir: string;
  /** Site-root paths for index.html. */
  entry: string;
  styles: string[];
  modulePreloads: string[];
  /** Every output file, relative to dir (assets/...). */
  files: string[];
  /** The first screen as static markup, for each tenant's index.html (see ./prerender). */
  prerendered: Prerendered;
  /** prerendered.early with each page's modules as the chunk files they load. */
  earlyPages: EarlyPages;
  cached: boolean;
  ms: number;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const COMPLETE = '.complete';
// Beside the hashed assets, not among them: it is read by the bake, never served.
const PRERENDER_FILE = 'prerender.json';
const KEEP_CACHES = 3;

function fromManifest(
  manifest: Record<string, ManifestChunk>,
): Pick<CompiledApp, 'entry' | 'styles' | 'modulePreloads'> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? manifest[entryKey] : undefined;
  if (!entry) throw new Error('The app compile produced no entry chunk.');
  // Static imports of the entry load on every page: preload them so the browser fetches them in parallel.
  const preloads = new Set<string>();
  const styles = new Set(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  // The one stylesheet of a cssCodeSplit: false build is a manifest record of its own, tied to no chunk.
  for (const record of Object.values(manifest)) if (record.file.endsWith('.css')) styles.add(record.file);
  const href = (file: string) => `/${file}`;
  return { entry: href(entry.file), styles: [...styles].map(href), modulePreloads: [...preloads].map(href) };
}

async function listOutput(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(dir, 'assets'));
  return entries.sort().map((name) => `assets/${name}`);
}

async function load(dir: string, hash: string, cached: boolean, ms: number): Promise<CompiledApp> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const prerendered = JSON.parse(await readFile(path.join(dir, PRERENDER_FILE), 'utf8')) as Prerendered;
  const links = fromManifest(manifest);
  const earlyPages = resolveEarlyPages(
    prerendered.early,
    manifest,
    new Set([links.entry, ...links.modulePreloads]),
  );
  return { hash, dir, ...links, files: await listOutput(dir), prerendered, earlyPages, cached, ms };
}

async function pruneOldCaches(cacheRoot: string, keep: string): Promise<void> {
  const entries = await readdir(cacheRoot, { withFileTypes: true });
  const dirs = await Promise.all(
    entries
      .filter((e) => e.isDirectory() && e.name !== keep && /^[0-9a-f]{64}$/.test(e.name))
      .map(async (e) => ({ name: e.name, mtime: (await stat(path.join(cacheRoot, e.name))).mtimeMs })),
  );
  dirs.sort((a, b) => b.mtime - a.mtime);
  for (const old of dirs.slice(KEEP_CACHES - 1))
    await rm(path.join(cacheRoot, old.name), { recursive: true, force: true });
}

export async function compileApp(options: {
  repoRoot: string;
  cacheRoot: string;
  version: string;
  force: boolean;
}): Promise<CompiledApp> {
  const started = performance.now();
  const hash = await computeAppHash(options.repoRoot, options.version);
  const cacheRoot = path.resolve(options.cacheRoot);
  const dir = path.join(cacheRoot, hash);
  if (!options.force) {
    try {
      await stat(path.join(dir, COMPLETE));
      return await load(dir, hash, true, performance.now() - started);
    } catch {
      // Not cached (or a broken cache entry): compile below.
    }
  }
  await mkdir(cacheRoot, { recursive: true });
  const tmp = path.join(cacheRoot, `.tmp-${hash.slice(0, 12)}-${randomBytes(4).toString('hex')}`);
  try {
    // Vite and its plugins load only when a compile really runs: a cache hit stays fast.
    const [{ build, runnerImport }, { viteConfig, appConfig }] = await Promise.all([
      import('vite'),
      import('./vite-config.js'),
    ]);
    // Vite and the React plugin pick development builds from NODE_ENV; a release compile is always production.
    process.env.NODE_ENV = 'production';
    await build(viteConfig(options.repoRoot, tmp, options.version));
    // The first screen's markup, rendered by the app's own components in Node (Vite's module runner compiles
    // them as the browser build does), once for every tenant of this compile.
    const { module } = await runnerImport<{ prerender: () => Prerendered }>(
      path.join(options.repoRoot, 'app/src/boot/prerender.tsx'),
      appConfig(options.repoRoot, options.version),
    );
    await writeFile(path.join(tmp, PRERENDER_FILE), JSON.stringify(module.prerender()));
    await writeFile(path.join(tmp, COMPLETE), new Date().toISOString());
    await rm(dir, { recursive: true, force: true });
    await rename(tmp, dir);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  await pruneOldCaches(cacheRoot, hash);
  return load(dir, hash, false, performance.now() - started);
}
