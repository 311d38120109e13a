/**
 * The published layout: the name and place of every file a tenant's site is made of, in one module for all who
 * write or read it: the bake (dist/<slug>/), the publish plan (storage keys), `portal serve` (URL paths) and
 * `npm run dev` (the same paths served from the tenant folder). A file moved here moves for all four at once.
 *
 *   dist/<slug>/index.html, meta.json, assets/..., themes/<id>/theme.json and its images (the favicon among them);
 *               assets/ links to dist/.portal-assets-<hash>/assets, the compile's one copy
 *   storage:    sites/<slug>/... and themes/<id>/... (the CDN maps /themes/* of every origin to the latter)
 *   shared:     assets/... once for every tenant (--shared-assets or publish.assets: the CDN maps /assets/* of
 *               every origin there, and the site holds no assets/ of its own); index.html is the same either way
 */
import { isRemote } from './bake/theme-file.js';
import type { TenantConfig } from './tenants/types.js';

export const INDEX_FILE = 'index.html';
/** The live version ({ "version" }), what open tabs poll to reload into a new release. */
export const META_FILE = 'meta.json';
export const THEME_FILE = 'theme.json';
/**
 * At the site root, unhashed so its URL never changes: the service worker (SPEC §7), the same for every tenant
 * of one compile (its precache list is the compile's hashed assets). With shared assets it is stored once
 * beside them (assets/service-worker.js) and the CDN maps /service-worker.js of every origin there.
 */
export const SERVICE_WORKER_FILE = 'service-worker.js';
/** At the site root: the tenant's web app manifest (name, colours, icons), linked from index.html. */
export const WEB_MANIFEST_FILE = 'manifest.webmanifest';
/** Under a site and under storage: themes/<id>/, by tenant id, which never changes, unlike the folder name. */
export const THEMES_DIR = 'themes';
/**
 * Under a site: the hashed assets Vite writes. Under storage, with shared assets: the one copy of them all
 * tenants use, which the bake makes byte-identical for every tenant of one compile.
 */
export const ASSETS_DIR = 'assets';
/**
 * Beside the sites in the build output folder: one folder per compile, `.portal-assets-<hash>/`, holding its
 * hashed assets once (assets/..., hard links to the compile cache) and their sizes and SHA-256 (digests.json).
 * Each site's assets/ is a symbolic link to it (a copy only where the file system refuses links), so a fleet's
 * build makes one link per tenant rather than one per asset and tenant. A hidden name: no slug can take it.
 */
export const COMPILE_ASSETS_STEM = '.portal-assets-';
export const compileAssetsFolder = (appHash: string): string =>
  `${COMPILE_ASSETS_STEM}${appHash.slice(0, 16)}`;
export const ASSET_DIGESTS_FILE = 'digests.json';
/**
 * Beside the sites in storage (sites/.portal-release.json, or .portal-release.<k>-of-<n>.json for a shard): what
 * the publish runs stored, per tenant and file (sha256, size, ETag, headers), one object per run rather than one
 * per tenant. A hidden name: no built file can have it, and `portal serve` never serves it.
 */
export const RELEASE_MANIFEST_STEM = '.portal-release';
export const releaseManifestName = (shard?: { index: number; count: number }): string =>
  `${RELEASE_MANIFEST_STEM}${shard ? `.${shard.index}-of-${shard.count}` : ''}.json`;
/** Every release manifest's name, whatever the shard. */
export const RELEASE_MANIFEST_NAME = /^\.portal-release(\.\d+-of-\d+)?\.json$/;
/** Under storage: sites/<slug>/. */
export const SITES_DIR = 'sites';
/** The default favicon, rendered from the tenant's colours, is <FAVICON_PATH>.svg at the site root. */
export const FAVICON_PATH = '/favicon';

/** Where `portal mail preview` writes each tenant's rendered mails (<dir>/<slug>/<kind>.html and .txt). */
export const MAIL_PREVIEW_DIR = '.portal/mail-preview';

/** On the storage address of `portal serve`: /_mail/<slug>/<kind>.html, the previews of that folder. */
export const MAIL_PREVIEW_SEGMENT = '_mail';

/** The paths a tenant's origin forwards to the API rather than serving from the site. */
// /upload and /delete: the mailbox's attachment calls (SPEC §7's /upload/mail and /delete/mail); /integrations:
// Stripe's calls; /integration: the integration API (/integration/v1/), which a business's own systems call at
// the tenant's address (served by the site, it would answer them 200 with the portal's page).
export const PROXIED_PREFIXES = [
  '/api',
  '/gapi',
  '/sanctum',
  '/upload',
  '/delete',
  '/integrations',
  '/integration',
];

/** The app routes whose path holds a secret token (/reset/<token>, /fbslogin/<token>): never sent as Referer. */
export const TOKEN_ROUTES = ['reset', 'fbslogin'];

/** The theme folder of a tenant inside its site, posix: "themes/42". */
export const themeFolder = (tenantId: number): string => `${THEMES_DIR}/${tenantId}`;

/**
 * Where the app fetches a theme file from ({themeUrl}/{id}/theme.json by default): what index.html preloads,
 * and where it links the tenant's own favicon.
 */
export const themeHref = (themeUrl: string, tenantId: number, file = THEME_FILE): string =>
  `${themeUrl.replace(/\/+$/, '')}/${tenantId}/${file}`;

export interface SiteFavicon {
  href: string;
  /** The tenant's own file, one of its theme's files; null for an https URL or the default. */
  tenantFile: string | null;
  /** No favicon in tenant.json: the default one is rendered from the tenant's colours. */
  rendered: boolean;
}

/**
 * The site's favicon: the tenant's own file, linked where the theme serves it (the app sets the same URL when it
 * applies the theme, so a second copy at the site root would only be one more object to store per tenant), an
 * https URL, or, when the tenant names none, the default one rendered from its colours.
 */
export function siteFavicon(config: TenantConfig, themeUrl: string): SiteFavicon {
  const favicon = config.theme?.assets?.favicon;
  if (!favicon) return { href: `${FAVICON_PATH}.svg`, tenantFile: null, rendered: true };
  if (isRemote(favicon)) return { href: favicon, tenantFile: null, rendered: false };
  return { href: themeHref(themeUrl, config.id, favicon), tenantFile: favicon, rendered: false };
}
