import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TenantConfig } from '../tenants/types.js';
import type { CompiledApp } from './compile.js';
import { contentSecurityPolicy } from './csp.js';
import { computeTenantHash } from './hash.js';
import { ScriptJson, renderTemplate } from './render.js';
import { STAMP_FILE, type BuildStamp } from './status.js';
import { buildThemeFile } from './theme-file.js';

/**
 * Bakes one tenant from the shared compile: hashed assets hard-linked (byte-identical across tenants), then the
 * tenant's own files: index.html with the baked config, theme.json with its images, favicon, meta.json and the
 * build stamp. The site is assembled in a temporary folder and swapped in, so dist/<slug>/ is never half-built.
 */
export const DEFAULT_THEME_URL = '/themes';

export interface Templates {
  index: string;
  favicon: string;
}

export async function loadTemplates(repoRoot: string): Promise<Templates> {
  const dir = path.join(repoRoot, 'templates');
  const [index, favicon] = await Promise.all([
    readFile(path.join(dir, 'index.html.mustache'), 'utf8'),
    readFile(path.join(dir, 'favicon.svg.mustache'), 'utf8'),
  ]);
  return { index, favicon };
}

/** Hard link when the cache and dist share a file system; a copy otherwise. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
    await copyFile(from, to);
  }
}

/** Copies a tenant file the validator already checked, refusing anything that resolves outside the folder. */
async function copyTenantFile(tenantDir: string, relative: string, to: string): Promise<void> {
  const from = path.resolve(tenantDir, relative);
  if (!from.startsWith(tenantDir + path.sep))
    throw new Error(`Asset ${relative} is outside the tenant folder.`);
  // Nested image paths (img/logo.png) need their folder; the theme folder itself already exists.
  if (path.dirname(relative) !== '.') await mkdir(path.dirname(to), { recursive: true });
  // A copy, not a link: an image edited in place in tenants/ must not change a site already built.
  await copyFile(from, to);
}

export function bakedConfig(config: TenantConfig, version: string) {
  return {
    tenantId: config.id,
    version,
    name: config.name,
    domain: config.domain,
    apiUrl: config.apiUrl,
    themeUrl: config.themeUrl ?? DEFAULT_THEME_URL,
    // The API derives the same salt from the same tenant.json, so encoded user ids agree on both sides.
    hashidsSalt: config.hashidsSalt ?? config.domain,
    defaultFlags: {
      group_coaching: config.defaultFlags?.group_coaching ?? false,
      flash_coaching: config.defaultFlags?.flash_coaching ?? false,
      business_academy: config.defaultFlags?.business_academy ?? false,
    },
    integrations: {
      analyticsContainerId: config.integrations?.analyticsContainerId ?? null,
      captchaSiteKey: config.integrations?.captchaSiteKey ?? null,
      stripePublishableKey: config.integrations?.stripePublishableKey ?? null,
      avatarService: config.integrations?.avatarService ?? true,
    },
    environment: 'production',
  };
}

export async function bakeTenant(options: {
  repoRoot: string;
  slug: string;
  tenantDir: string;
  config: TenantConfig;
  app: CompiledApp;
  outDir: string;
  version: string;
  templates: Templates;
}): Promise<{ dir: string; stamp: BuildStamp }> {
  const { slug, config, app, outDir, version, tenantDir } = options;
  const finalDir = path.join(outDir, slug);
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmp = path.join(outDir, `.${slug}.tmp-${suffix}`);
  const themeDir = path.join(tmp, 'themes', String(config.id));
  const { theme, files } = buildThemeFile(config);
  const favicon = config.theme?.assets?.favicon;
  const localFavicon =
    favicon && !favicon.startsWith('https://') ? `favicon${path.extname(favicon).toLowerCase()}` : null;
  const faviconHref = localFavicon ? `/${localFavicon}` : (favicon ?? '/favicon.svg');
  const baked = bakedConfig(config, version);
  const html = renderTemplate(options.templates.index, 'index.html.mustache', {
    name: config.name,
    csp: contentSecurityPolicy(config),
    faviconHref,
    themeHref: `${baked.themeUrl.replace(/\/+$/, '')}/${config.id}/theme.json`,
    styles: app.styles,
    modulePreloads: app.modulePreloads,
    entry: app.entry,
    config: new ScriptJson(baked),
  });
  try {
    await Promise.all([
      mkdir(path.join(tmp, 'assets'), { recursive: true }),
      mkdir(themeDir, { recursive: true }),
    ]);
    // Every file is independent of the others: written at once, the disk's latency is paid once, not per file.
    const [tenantHash] = await Promise.all([
      computeTenantHash(options.repoRoot, tenantDir, app.hash),
      ...app.files.map((file) => linkOrCopy(path.join(app.dir, file), path.join(tmp, file))),
      writeFile(path.join(themeDir, 'theme.json'), `${JSON.stringify(theme, null, 2)}\n`),
      ...files.map((file) => copyTenantFile(tenantDir, file, path.join(themeDir, file))),
      localFavicon
        ? copyTenantFile(tenantDir, favicon!, path.join(tmp, localFavicon))
        : favicon
          ? undefined
          : writeFile(
              path.join(tmp, 'favicon.svg'),
              renderTemplate(options.templates.favicon, 'favicon.svg.mustache', theme.colors),
            ),
      writeFile(path.join(tmp, 'index.html'), html),
      writeFile(path.join(tmp, 'meta.json'), `${JSON.stringify({ version })}\n`),
    ]);
    const stamp: BuildStamp = {
      slug,
      tenantId: config.id,
      version,
      appHash: app.hash,
      tenantHash: tenantHash as string,
      builtAt: new Date().toISOString(),
    };
    await writeFile(path.join(tmp, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);

    const old = path.join(outDir, `.${slug}.old-${suffix}`);
    await rename(finalDir, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(tmp, finalDir);
    await rm(old, { recursive: true, force: true });
    return { dir: finalDir, stamp };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
