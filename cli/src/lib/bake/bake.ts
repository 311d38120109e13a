import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  INDEX_FILE,
  META_FILE,
  SERVICE_WORKER_FILE,
  THEME_FILE,
  WEB_MANIFEST_FILE,
  siteFavicon,
  themeFolder,
  themeHref,
} from '../site-layout.js';
import type { TenantConfig } from '../tenants/types.js';
import { bakedConfig, type Environment } from './baked-config.js';
import type { CompiledApp } from './compile.js';
import { contentSecurityPolicy } from './csp.js';
import { computeTenantHash } from './hash.js';
import { BOOT_SCRIPT, firstScreen } from './prerender.js';
import { CompiledMarkup, ScriptJson, renderTemplate } from './render.js';
import { renderServiceWorker } from './service-worker.js';
import { STAMP_FILE, type BuildStamp } from './status.js';
import { buildThemeFile, type ThemeFile } from './theme-file.js';
import { webManifest, webManifestJson } from './web-manifest.js';

/**
 * Bakes one tenant from the shared compile: hashed assets hard-linked (byte-identical across tenants), then the
 * tenant's own files: index.html with the baked config, theme.json with its images, favicon, meta.json and the
 * build stamp. The site is assembled in a temporary folder and swapped in, so dist/<slug>/ is never half-built.
 *
 * A bake has two halves. stageTenant writes everything that depends on the tenant alone (folders, theme, images,
 * favicon, meta.json, the stamp), so it can run while Vite compiles; finishTenant then adds what needs the
 * compile (the asset links and index.html) and swaps the site in. Creating a file costs far more than linking
 * one, so whatever is the same for every tenant is written once and linked.
 */
export interface Templates {
  index: string;
  favicon: string;
  serviceWorker: string;
}

export async function loadTemplates(repoRoot: string): Promise<Templates> {
  const dir = path.join(repoRoot, 'templates');
  const [index, favicon, serviceWorker] = await Promise.all([
    readFile(path.join(dir, 'index.html.mustache'), 'utf8'),
    readFile(path.join(dir, 'favicon.svg.mustache'), 'utf8'),
    readFile(path.join(dir, 'service-worker.js.mustache'), 'utf8'),
  ]);
  return { index, favicon, serviceWorker };
}

// A link refused by the file system (another device, no hard links, too many links): copy the file instead.
const LINK_REFUSED = new Set(['EXDEV', 'EPERM', 'EMLINK']);
const refused = (error: unknown) => LINK_REFUSED.has((error as NodeJS.ErrnoException).code ?? '');

/** Hard link when the cache and dist share a file system; a copy otherwise. */
function linkOrCopySync(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if (!refused(error)) throw error;
    copyFileSync(from, to);
  }
}

/**
 * The compile's files into one site, linked one after another with the synchronous calls. A fleet of 1,000
 * tenants links 52,000 files: as promises they queue on libuv's four threads and contend for the same folder's
 * lock (4.3 to 4.7 s here), while the same links in a plain loop took 1.6 to 2.7 s. One site's links block the
 * event loop for about a millisecond, which nothing waiting on it notices. The tenant's own few files are
 * written the same way, for the same reason: at 10,000 tenants the promises' open, write and close calls were
 * most of the bake.
 */
function linkOrCopyAllSync(fromDir: string, files: string[], toDir: string): void {
  for (const file of files) linkOrCopySync(path.join(fromDir, file), path.join(toDir, file));
}

/** Copies a tenant file the validator already checked, refusing anything that resolves outside the folder. */
function copyTenantFile(tenantDir: string, relative: string, to: string): void {
  const from = path.resolve(tenantDir, relative);
  if (!from.startsWith(tenantDir + path.sep))
    throw new Error(`Asset ${relative} is outside the tenant folder.`);
  // Nested image paths (img/logo.png) need their folder; the theme folder itself already exists.
  if (path.dirname(relative) !== '.') mkdirSync(path.dirname(to), { recursive: true });
  // A copy, not a link: an image edited in place in tenants/ must not change a site already built.
  copyFileSync(from, to);
}

/** The files whose bytes a bake writes, shared with the dev server so that both answer the same. */
export const metaJson = (version: string): string => `${JSON.stringify({ version })}\n`;
export const themeJson = (theme: ThemeFile): string => `${JSON.stringify(theme, null, 2)}\n`;
export const renderFavicon = (templates: Templates, theme: ThemeFile): string =>
  renderTemplate(templates.favicon, 'favicon.svg.mustache', theme.colors);

export interface PageInput {
  templates: Templates;
  config: TenantConfig;
  version: string;
  /**
   * The compile's entry, the files it links and its pre-rendered first screen; under `npm run dev`, Vite's own
   * entry and nothing else (the page then paints when the app does).
   */
  app: Pick<CompiledApp, 'entry' | 'styles' | 'modulePreloads'> & Partial<Pick<CompiledApp, 'prerendered'>>;
  environment?: Environment;
  /** The page's CSP; the dev server relaxes it for hot reload. */
  csp?: string;
}

/**
 * index.html: the page shell, the tenant's name, favicon and theme preload, the baked config, and the first
 * screen with the tenant's values filled in.
 */
export function renderIndex({ templates, config, version, app, environment, csp }: PageInput): string {
  const baked = bakedConfig(config, version, environment);
  const first = app.prerendered ? firstScreen(app.prerendered, config, baked.themeUrl) : null;
  return renderTemplate(templates.index, 'index.html.mustache', {
    htmlStyle: first?.style ?? '',
    brands: first && Object.keys(first.brands).length > 0 ? new ScriptJson(first.brands) : null,
    bootScript: new CompiledMarkup(BOOT_SCRIPT),
    firstScreen: new CompiledMarkup(first?.markup ?? ''),
    name: config.name,
    csp: csp ?? contentSecurityPolicy(config),
    faviconHref: siteFavicon(config, baked.themeUrl).href,
    manifestHref: `/${WEB_MANIFEST_FILE}`,
    themeColor: buildThemeFile(config).theme.colors.primary,
    themeHref: themeHref(baked.themeUrl, config.id),
    styles: app.styles,
    modulePreloads: app.modulePreloads,
    entry: app.entry,
    config: new ScriptJson(baked),
  });
}

export interface BakeInput {
  repoRoot: string;
  slug: string;
  tenantDir: string;
  config: TenantConfig;
  outDir: string;
  version: string;
  /** The compile's content hash, known before the compile runs. */
  appHash: string;
  templates: Templates;
  /** Files every tenant of this run shares, linked rather than written again (see prepareShared). */
  shared: SharedFiles;
}

export interface StagedTenant {
  input: BakeInput;
  tmp: string;
  stamp: BuildStamp;
}

/**
 * Files whose bytes are the same for every tenant of a run (meta.json holds only the version): written once
 * beside the sites and hard-linked into each, because creating a file costs far more than linking one.
 */
export interface SharedFiles {
  dir: string;
  meta: string;
  /** service-worker.js, written by the first tenant to finish (it needs the compile) and linked by the rest. */
  serviceWorker?: Promise<string>;
}

function sharedServiceWorker(shared: SharedFiles, app: CompiledApp, templates: Templates, version: string) {
  shared.serviceWorker ??= (async () => {
    const file = path.join(shared.dir, SERVICE_WORKER_FILE);
    await writeFile(file, renderServiceWorker(templates.serviceWorker, app, version));
    return file;
  })();
  return shared.serviceWorker;
}

export async function prepareShared(outDir: string, version: string): Promise<SharedFiles> {
  await holdWhenStopping();
  const dir = path.join(outDir, `.portal-shared-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  const meta = path.join(dir, META_FILE);
  await writeFile(meta, metaJson(version));
  return { dir, meta };
}

export async function removeShared(shared: SharedFiles): Promise<void> {
  await rm(shared.dir, { recursive: true, force: true });
}

// The working folders a bake creates beside the sites, each named with the pid of the build that owns it.
const WORK_FOLDER = /^\.(?:.+\.(?:tmp|old)|portal-shared)-(\d+)-[0-9a-f]{8}$/;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the working folders of builds that were interrupted (Ctrl-C, a killed CI job), so they do not pile up
 * in the output folder. A folder whose build is still running is left alone.
 */
export async function sweepInterrupted(outDir: string): Promise<string[]> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = Number(WORK_FOLDER.exec(name)?.[1] ?? 0);
    return pid > 0 && pid !== process.pid && !alive(pid);
  });
  await Promise.all(stale.map((name) => rm(path.join(outDir, name), { recursive: true, force: true })));
  return stale;
}

// Set by a signal: no new working folder is started after it, so the sweep that follows has the last word.
let stopping = false;

// After a signal the work in progress just waits (the handler exits the process): throwing instead would send
// an error through the command's error report while the user is being told the build was interrupted.
const holdWhenStopping = (): Promise<void> => (stopping ? new Promise<void>(() => {}) : Promise.resolve());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * For a build stopped by a signal: starts no new tenant, then removes this process's own working folders until
 * none is left. Writes already handed to the file system still land after a first pass (a folder removed while
 * a write creates a file in it fails with ENOTEMPTY), so it sweeps again until a pass finds nothing, for at most
 * about a second. A site caught between its two renames (`<slug>` moved aside, the new one not yet in place) is
 * put back rather than deleted, so an interrupted build never leaves a tenant with no site.
 */
export async function stopAndRemoveOwnWorkFolders(outDir: string): Promise<void> {
  stopping = true;
  for (let pass = 0; pass < 40; pass += 1) {
    const own = readdirSync(outDir).filter((name) => Number(WORK_FOLDER.exec(name)?.[1]) === process.pid);
    if (own.length === 0) return;
    for (const name of own) {
      const slug = /^\.(.+)\.old-/.exec(name)?.[1];
      try {
        if (slug !== undefined && !existsSync(path.join(outDir, slug)))
          renameSync(path.join(outDir, name), path.join(outDir, slug));
        else rmSync(path.join(outDir, name), { recursive: true, force: true, maxRetries: 3, retryDelay: 10 });
      } catch {
        // A write still landing in it: the next pass removes it.
      }
    }
    await pause(25);
  }
}

/**
 * The tenant's half of a bake, in a temporary folder under outDir; nothing in dist/<slug>/ changes yet. Its
 * files are written with the synchronous calls (see linkOrCopyAllSync).
 */
export async function stageTenant(input: BakeInput): Promise<StagedTenant> {
  const { slug, config, outDir, version, tenantDir } = input;
  await holdWhenStopping();
  const tmp = path.join(outDir, `.${slug}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  const themeDir = path.join(tmp, ...themeFolder(config.id).split('/'));
  const { theme, files } = buildThemeFile(config);
  // Only the rendered default lives at the site root; the tenant's own favicon is one of the theme's files.
  const favicon = siteFavicon(config, bakedConfig(config, version).themeUrl);
  try {
    mkdirSync(themeDir, { recursive: true });
    mkdirSync(path.join(tmp, 'assets'));
    writeFileSync(path.join(themeDir, THEME_FILE), themeJson(theme));
    for (const file of files) copyTenantFile(tenantDir, file, path.join(themeDir, file));
    if (favicon.rendered) writeFileSync(path.join(tmp, favicon.href), renderFavicon(input.templates, theme));
    linkOrCopySync(input.shared.meta, path.join(tmp, META_FILE));
    const [tenantHash, manifest] = await Promise.all([
      computeTenantHash(input.repoRoot, tenantDir, input.appHash),
      webManifest(config, tenantDir),
    ]);
    writeFileSync(path.join(tmp, WEB_MANIFEST_FILE), webManifestJson(manifest));
    const stamp: BuildStamp = {
      slug,
      tenantId: config.id,
      domain: config.domain,
      version,
      appHash: input.appHash,
      tenantHash,
      builtAt: new Date().toISOString(),
    };
    writeFileSync(path.join(tmp, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    return { input, tmp, stamp };
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

/** Drops a staged tenant that will not be finished (the compile failed). */
export async function discardStaged(staged: StagedTenant): Promise<void> {
  await rm(staged.tmp, { recursive: true, force: true });
}

/** The compile's half: asset links and index.html, then the swap into dist/<slug>/. */
export async function finishTenant(
  staged: StagedTenant,
  app: CompiledApp,
): Promise<{ dir: string; stamp: BuildStamp }> {
  const { input, tmp } = staged;
  const { slug, config, outDir, version } = input;
  if (app.hash !== input.appHash) throw new Error('The compile does not match the staged tenant.');
  const finalDir = path.join(outDir, slug);
  const html = renderIndex({ templates: input.templates, config, version, app });
  try {
    const serviceWorker = await sharedServiceWorker(input.shared, app, input.templates, version);
    writeFileSync(path.join(tmp, INDEX_FILE), html);
    linkOrCopySync(serviceWorker, path.join(tmp, SERVICE_WORKER_FILE));
    linkOrCopyAllSync(app.dir, app.files, tmp);
    await holdWhenStopping();
    const old = path.join(outDir, `.${slug}.old-${process.pid}-${randomBytes(4).toString('hex')}`);
    let replaced = true;
    try {
      renameSync(finalDir, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      replaced = false;
    }
    renameSync(tmp, finalDir);
    if (replaced) await rm(old, { recursive: true, force: true });
    return { dir: finalDir, stamp: staged.stamp };
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}
