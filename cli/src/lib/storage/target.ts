/**
 * Storage targets are URLs (DESIGN.md): `s3://bucket/prefix` or a local folder (a path or a file:// URL).
 * Every key the publisher writes is built from a parsed target, a validated slug or id and a checked relative
 * path, so nothing can land outside the tenant's prefix.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { usageError } from '../errors.js';
import { ASSETS_DIR, SITES_DIR, THEMES_DIR } from '../site-layout.js';
import { SLUG_PATTERN } from '../tenants/slug.js';

export type Target =
  | { kind: 's3'; bucket: string; prefix: string; url: string }
  | { kind: 'folder'; root: string; prefix: string; url: string };

/** Where a group of files goes: a target plus the key prefix under it (always '' or ending in '/'). */
export interface Location {
  target: Target;
  prefix: string;
}

const DEFAULT_STORAGE = '.portal/storage';
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const SEGMENT_PATTERN = /^[A-Za-z0-9._~-]+$/;

/** Splits "a/b/" into checked segments; '.', '..' and odd characters are refused. */
export function prefixSegments(prefix: string): string[] | null {
  const segments = prefix.split('/').filter((s) => s !== '');
  const ok = segments.every((s) => SEGMENT_PATTERN.test(s) && s !== '.' && s !== '..');
  return ok ? segments : null;
}

const joinPrefix = (segments: string[]): string => (segments.length ? `${segments.join('/')}/` : '');

export function parseTarget(url: string, cwd: string): Target {
  if (url.startsWith('s3://')) {
    const [bucket = '', ...rest] = url.slice('s3://'.length).split('/');
    const segments = prefixSegments(rest.join('/'));
    if (!BUCKET_PATTERN.test(bucket) || !segments) {
      throw usageError(
        `"${url}" is not a valid S3 target.`,
        'Use s3://bucket/prefix with a lowercase bucket name and a plain prefix.',
      );
    }
    return { kind: 's3', bucket, prefix: joinPrefix(segments), url };
  }
  if (url.startsWith('file://')) return folderTarget(fileURLToPath(url), url);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw usageError(
      `"${url}" is not a storage target this CLI knows.`,
      'Use s3://bucket/prefix or a folder path.',
    );
  }
  return folderTarget(path.resolve(cwd, url), url);
}

function folderTarget(root: string, url: string): Target {
  return { kind: 'folder', root, prefix: '', url };
}

export function describeTarget(target: Target): string {
  return target.kind === 's3' ? `s3://${target.bucket}/${target.prefix}` : target.root;
}

/** Same bucket or folder: such locations can share one client. */
export function targetId(target: Target): string {
  return target.kind === 's3' ? `s3:${target.bucket}` : `folder:${target.root}`;
}

export function under(location: Location, ...segments: string[]): Location {
  return { target: location.target, prefix: `${location.prefix}${joinPrefix(segments)}` };
}

export interface TenantLocations {
  site: Location;
  /** The theme base: the theme of tenant <id> is at <theme.prefix><id>/theme.json. */
  themes: Location;
  /** Shared assets: assets/x.js is at <assets.prefix>x.js for every tenant; null keeps them in the site. */
  assets: Location | null;
}

/** The default layout under --to (or the default folder): sites/, themes/ and, with --shared-assets, assets/. */
export function defaultLayout(to: string | undefined, cwd: string, sharedAssets = false) {
  const root = parseTarget(to ?? DEFAULT_STORAGE, cwd);
  const base: Location = { target: root, prefix: root.prefix };
  return {
    sites: under(base, SITES_DIR),
    themes: under(base, THEMES_DIR),
    assets: sharedAssets ? under(base, ASSETS_DIR) : null,
  };
}

/**
 * --to wins and uses the default layout (sites/<slug>/, themes/<id>/, and assets/ with --shared-assets);
 * otherwise a tenant's publish.site, publish.theme and publish.assets name their own targets; otherwise the
 * default folder with the default layout.
 */
export function resolveLocations(
  slug: string,
  publish: { site?: string; theme?: string; assets?: string } | undefined,
  to: string | undefined,
  cwd: string,
  sharedAssets = false,
): TenantLocations {
  if (!SLUG_PATTERN.test(slug)) throw usageError(`"${slug}" is not a valid tenant slug.`);
  const layout = defaultLayout(to, cwd, sharedAssets);
  const defaults: TenantLocations = {
    site: under(layout.sites, slug),
    themes: layout.themes,
    assets: layout.assets,
  };
  if (to !== undefined || !publish) return defaults;
  const own = (url: string | undefined) => (url ? locationOf(parseTarget(url, cwd)) : undefined);
  return {
    site: own(publish.site) ?? defaults.site,
    themes: own(publish.theme) ?? defaults.themes,
    assets: own(publish.assets) ?? defaults.assets,
  };
}

const locationOf = (target: Target): Location => ({ target, prefix: target.prefix });
