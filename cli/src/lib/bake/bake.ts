import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
import { digestOf, type Digest } from '../digest.js';
import type { TenantConfig } from '../tenants/types.js';
import { bakedConfig, type Environment } from './baked-config.js';
import type { CompiledApp } from './compile.js';
import { linkOrCopySync, linkSiteAssets, type CompileAssets } from './compile-assets.js';
import { contentSecurityPolicy } from './csp.js';
import { computeTenantHash } from './hash.js';
import { BOOT_SCRIPT, firstScreen } from './prerender.js';
import { CompiledMarkup, ScriptJson, renderTemplate } from './render.js';
import { renderServiceWorker } from './service-worker.js';
import { STAMP_FILE, type BuildStamp } from './status.js';
import { buildThemeFile, type ThemeFile } from './theme-file.js';
import { holdWhenStopping, swapIn, workFolder } from './work-folders.js';
import { MAIL_LOGO_FILE, mailLogo } from '../../../../contracts/mail/mail-brand.js';
import { mailLogoPng } from './mail-logo.js';
import { webManifest, webManifestJson } from './web-manifest.js';

/**
 * Bakes one tenant from the shared compile: its assets/ linked to the compile's one copy in the output folder
 * (compile-assets.ts; byte-identical across tenants), then the tenant's own files: index.html with the baked
 * config, theme.json with its images, favicon, meta.json and the build stamp. The site is assembled in a
 * temporary folder and swapped in, so dist/<slug>/ is never half-built.
 *
 * A bake has two halves. stageTenant writes everything that depends on the tenant alone (folders, theme, images,
 * favicon, meta.json), so it can run while Vite compiles; finishTenant then adds what needs the compile (the
 * assets link, index.html, the service worker) and the stamp, and swaps the site in. Creating a file costs far
 * more than linking one, so whatever is the same for every tenant is written once and linked.
 *
 * The stamp lists every file the tenant's own bake wrote with its size and SHA-256 (the digests of the bytes as
 * they were written): a publish plans the site from it without listing, reading or hashing the site again.
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

/**
 * Writes one of the tenant's own files and returns its digest for the stamp. The synchronous calls: at 10,000
 * tenants the promises' open, write and close calls queued on libuv's four threads were most of the bake, while
 * in a plain loop one site's few files block the event loop for about a millisecond.
 */
function writeOwnSync(file: string, bytes: Buffer | string): Digest {
  writeFileSync(file, bytes);
  return digestOf(bytes);
}

/** Copies a tenant file the validator already checked, refusing anything that resolves outside the folder. */
function copyTenantFile(tenantDir: string, relative: string, to: string): Digest {
  const from = path.resolve(tenantDir, relative);
  if (!from.startsWith(tenantDir + path.sep))
    throw new Error(`Asset ${relative} is outside the tenant folder.`);
  // Nested image paths (img/logo.png) need their folder; the theme folder itself already exists.
  if (path.dirname(relative) !== '.') mkdirSync(path.dirname(to), { recursive: true });
  // A copy, not a link: an image edited in place in tenants/ must not change a site already built.
  return writeOwnSync(to, readFileSync(from));
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
  app: Pick<CompiledApp, 'entry' | 'styles' | 'modulePreloads'> &
    Partial<Pick<CompiledApp, 'prerendered' | 'earlyPages'>>;
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
    early: app.earlyPages ? new ScriptJson(app.earlyPages) : null,
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
  stamp: Omit<BuildStamp, 'files'>;
  /** What the staging wrote, by path in the site, for the stamp. */
  files: Record<string, Digest>;
}

/** A file every tenant of a run shares, linked into each site, and its digest. */
interface SharedFile {
  file: string;
  digest: Digest;
}

/**
 * Files whose bytes are the same for every tenant of a run (meta.json holds only the version): written once
 * beside the sites and hard-linked into each, because creating a file costs far more than linking one.
 */
export interface SharedFiles {
  dir: string;
  meta: SharedFile;
  /** service-worker.js, written by the first tenant to finish (it needs the compile) and linked by the rest. */
  serviceWorker?: Promise<SharedFile>;
}

function sharedServiceWorker(shared: SharedFiles, app: CompiledApp, templates: Templates, version: string) {
  shared.serviceWorker ??= (async () => {
    const file = path.join(shared.dir, SERVICE_WORKER_FILE);
    const text = renderServiceWorker(templates.serviceWorker, app, version);
    await writeFile(file, text);
    return { file, digest: digestOf(text) };
  })();
  return shared.serviceWorker;
}

export async function prepareShared(outDir: string, version: string): Promise<SharedFiles> {
  await holdWhenStopping();
  const dir = workFolder(outDir, 'portal-shared');
  await mkdir(dir, { recursive: true });
  const meta = path.join(dir, META_FILE);
  const text = metaJson(version);
  await writeFile(meta, text);
  return { dir, meta: { file: meta, digest: digestOf(text) } };
}

export async function removeShared(shared: SharedFiles): Promise<void> {
  await rm(shared.dir, { recursive: true, force: true });
}

/**
 * The tenant's half of a bake, in a temporary folder under outDir; nothing in dist/<slug>/ changes yet. Its
 * files are written with the synchronous calls (see writeOwnSync).
 */
export async function stageTenant(input: BakeInput): Promise<StagedTenant> {
  const { slug, config, outDir, version, tenantDir } = input;
  await holdWhenStopping();
  const tmp = workFolder(outDir, `${slug}.tmp`);
  const themeDir = path.join(tmp, ...themeFolder(config.id).split('/'));
  const { theme, files } = buildThemeFile(config);
  // Only the rendered default lives at the site root; the tenant's own favicon is one of the theme's files.
  const favicon = siteFavicon(config, bakedConfig(config, version).themeUrl);
  const written: Record<string, Digest> = {};
  const themeRel = themeFolder(config.id);
  try {
    mkdirSync(themeDir, { recursive: true });
    written[`${themeRel}/${THEME_FILE}`] = writeOwnSync(path.join(themeDir, THEME_FILE), themeJson(theme));
    for (const file of files)
      written[`${themeRel}/${file}`] = copyTenantFile(tenantDir, file, path.join(themeDir, file));
    if (favicon.rendered) {
      const rendered = renderFavicon(input.templates, theme);
      written[favicon.href.replace(/^\//, '')] = writeOwnSync(path.join(tmp, favicon.href), rendered);
    }
    const mail = mailLogo(config);
    if ('svg' in mail) {
      const svg = mail.svg
        ? readFileSync(path.resolve(tenantDir, mail.svg))
        : renderFavicon(input.templates, theme);
      const shown = mail.svg ? path.join(tenantDir, mail.svg) : `the default favicon of ${slug}`;
      const png = mailLogoPng(svg, input.repoRoot, shown);
      written[`${themeRel}/${MAIL_LOGO_FILE}`] = writeOwnSync(path.join(themeDir, MAIL_LOGO_FILE), png);
    }
    linkOrCopySync(input.shared.meta.file, path.join(tmp, META_FILE));
    written[META_FILE] = input.shared.meta.digest;
    const [tenantHash, manifest] = await Promise.all([
      computeTenantHash(input.repoRoot, tenantDir, input.appHash),
      webManifest(config, tenantDir),
    ]);
    written[WEB_MANIFEST_FILE] = writeOwnSync(path.join(tmp, WEB_MANIFEST_FILE), webManifestJson(manifest));
    const stamp = {
      slug,
      tenantId: config.id,
      domain: config.domain,
      version,
      appHash: input.appHash,
      tenantHash,
      builtAt: new Date().toISOString(),
    };
    return { input, tmp, stamp, files: written };
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

/** Drops a staged tenant that will not be finished (the compile failed). */
export async function discardStaged(staged: StagedTenant): Promise<void> {
  await rm(staged.tmp, { recursive: true, force: true });
}

/** The compile's half: the assets link, index.html, the service worker and the stamp, then the swap. */
export async function finishTenant(
  staged: StagedTenant,
  app: CompiledApp,
  assets: CompileAssets,
): Promise<{ dir: string; stamp: BuildStamp }> {
  const { input, tmp } = staged;
  const { slug, config, outDir, version } = input;
  if (app.hash !== input.appHash) throw new Error('The compile does not match the staged tenant.');
  const finalDir = path.join(outDir, slug);
  const html = renderIndex({ templates: input.templates, config, version, app });
  try {
    const serviceWorker = await sharedServiceWorker(input.shared, app, input.templates, version);
    const files: Record<string, Digest> = {
      ...staged.files,
      [INDEX_FILE]: writeOwnSync(path.join(tmp, INDEX_FILE), html),
      [SERVICE_WORKER_FILE]: serviceWorker.digest,
    };
    linkOrCopySync(serviceWorker.file, path.join(tmp, SERVICE_WORKER_FILE));
    linkSiteAssets(assets, app, tmp);
    const stamp: BuildStamp = { ...staged.stamp, files };
    writeFileSync(path.join(tmp, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
    await swapIn(tmp, outDir, slug);
    return { dir: finalDir, stamp };
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}
