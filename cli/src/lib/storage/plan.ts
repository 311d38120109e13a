/**
 * The upload plan of one built tenant: every file of dist/<slug>/ with its key, phase, size, hash and headers.
 * Keys come only from validated parts: the target prefix, the slug, the integer tenant id and relative paths
 * whose every segment is plain (no '..', no absolute paths, no hidden files).
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../errors.js';
import {
  ASSETS_DIR,
  INDEX_FILE,
  META_FILE,
  SERVICE_WORKER_FILE,
  THEME_FILE,
  THEMES_DIR,
  themeFolder,
} from '../site-layout.js';
import { cacheControlFor, contentTypeFor, isHashedAsset } from './content-types.js';
import { prefixSegments, under, type Location, type TenantLocations } from './target.js';

/**
 * Upload order. Everything an entry file references is written first, so a browser that gets the new
 * index.html finds all of its chunks, and a tab that sees the new meta.json reloads into a whole release.
 */
export const PHASES = ['asset', 'static', 'theme-file', 'theme', 'index', 'meta'] as const;
export type Phase = (typeof PHASES)[number];

export interface PlanEntry {
  /** Absolute path of the built file. */
  file: string;
  /** Path relative to dist/<slug>/, posix separators. */
  rel: string;
  location: Location;
  key: string;
  phase: Phase;
  size: number;
  sha256: string;
  contentType: string;
  cacheControl: string;
}

export interface TenantPlan {
  slug: string;
  tenantId: number;
  version: string;
  entries: PlanEntry[];
  /** Where meta.json lands: read back after the publish to check the live version. */
  metaKey: { location: Location; key: string };
}

/**
 * The files of a built site, with the synchronous calls: a fleet's sites are thousands of folders and tens of
 * thousands of files, and as promises each readdir and stat queued on libuv's four threads (2.6 s of a 1,000
 * tenant re-publish went to stat alone); in a plain loop they cost a few microseconds each. Planning runs
 * before any request, so nothing waits on the event loop meanwhile.
 */
function listFiles(root: string, dir = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    // Hidden files (the build stamp, editor droppings) are never published.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) found.push(...listFiles(root, rel));
    else if (entry.isFile()) found.push(rel);
    else
      throw new CliError(`dist file ${path.join(root, rel)} is not a regular file.`, {
        hint: 'Rebuild the tenant with `portal build`.',
      });
  }
  return found;
}

function phaseOf(rel: string): Phase {
  if (rel === INDEX_FILE) return 'index';
  if (rel === META_FILE) return 'meta';
  return isHashedAsset(rel) ? 'asset' : 'static';
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

// Every tenant's hashed assets are hard links to one compile, so a fleet's thousand copies of a file are one
// inode: it is read and hashed once per run, not once per tenant (meta.json too: the bake links one into every
// site). Size and mtime are in the key so a file rewritten in place (not through a new link) is read again.
interface Digest {
  size: number;
  sha256: string;
  /** Kept for meta.json, whose version is checked. */
  bytes?: Buffer;
}
const digests = new Map<string, Promise<Digest>>();

function digest(file: string, keepBytes: boolean): Promise<Digest> {
  const { dev, ino, size, mtimeMs } = statSync(file);
  const key = `${dev}:${ino}:${size}:${mtimeMs}`;
  let found = digests.get(key);
  if (!found) {
    found = readFile(file).then((bytes) => ({
      size: bytes.length,
      sha256: sha256(bytes),
      ...(keepBytes ? { bytes } : {}),
    }));
    digests.set(key, found);
    found.catch(() => digests.delete(key));
  }
  return found;
}

/**
 * Plans dist/<slug>/ for upload. Theme files go from themes/<id>/ to the theme location, assets/ and the service
 * worker to the shared assets location when there is one; every other file to the site location. The tenant id comes from the build
 * stamp and must be a positive integer.
 */
export async function planTenant(
  distDir: string,
  stamp: { slug: string; tenantId: number; version: string },
  locations: TenantLocations,
): Promise<TenantPlan> {
  const { slug, tenantId } = stamp;
  if (!Number.isInteger(tenantId) || tenantId < 1) {
    throw new CliError(`The build stamp of ${slug} has no valid tenant id.`, {
      hint: `Run \`portal build --tenant ${slug}\` again.`,
    });
  }
  const root = path.join(distDir, slug);
  const themeDir = `${themeFolder(tenantId)}/`;
  const themeLocation = under(locations.themes, String(tenantId));
  const entries: PlanEntry[] = [];
  let meta: Digest | undefined;
  for (const rel of listFiles(root).sort()) {
    if (!prefixSegments(rel) || rel.split('/').some((s) => s === '.' || s === '..')) {
      throw new CliError(`dist/${slug}/${rel} has a name that cannot be published.`, {
        hint: 'Use plain file names (letters, digits, ".", "-", "_").',
      });
    }
    let location = locations.site;
    let keyRel = rel;
    let phase = phaseOf(rel);
    if (rel.startsWith(`${THEMES_DIR}/`)) {
      if (!rel.startsWith(themeDir)) {
        throw new CliError(`dist/${slug}/${rel} belongs to another tenant's theme.`, {
          hint: `Rebuild with \`portal build --tenant ${slug}\`.`,
        });
      }
      location = themeLocation;
      keyRel = rel.slice(themeDir.length);
      phase = keyRel === THEME_FILE ? 'theme' : 'theme-file';
    } else if (locations.assets && rel.startsWith(`${ASSETS_DIR}/`)) {
      location = locations.assets;
      keyRel = rel.slice(ASSETS_DIR.length + 1);
    } else if (locations.assets && rel === SERVICE_WORKER_FILE) {
      // The same bytes for every tenant of the compile: one object beside the shared assets, not one a tenant.
      location = locations.assets;
    }
    const file = path.join(root, ...rel.split('/'));
    const digested = await digest(file, rel === META_FILE);
    if (rel === META_FILE) meta = digested;
    const { size, sha256: hash } = digested;
    entries.push({
      file,
      rel,
      location,
      key: `${location.prefix}${keyRel}`,
      phase,
      size,
      sha256: hash,
      contentType: contentTypeFor(rel),
      // By the path in the site: the same file gets the same headers wherever it is stored.
      cacheControl: cacheControlFor(rel),
    });
  }
  const missing = [INDEX_FILE, META_FILE, `${themeDir}${THEME_FILE}`].filter(
    (rel) => !entries.some((e) => e.rel === rel),
  );
  if (missing.length) {
    throw new CliError(`The build of ${slug} is incomplete: ${missing.join(', ')} missing.`, {
      hint: `Run \`portal build --tenant ${slug}\` again.`,
    });
  }
  entries.sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.key.localeCompare(b.key));
  const metaEntry = entries.find((e) => e.rel === META_FILE)!;
  checkMetaVersion(meta?.bytes ?? (await readFile(metaEntry.file)), stamp);
  return {
    slug,
    tenantId,
    version: stamp.version,
    entries,
    metaKey: { location: metaEntry.location, key: metaEntry.key },
  };
}

/** dist/<slug>/meta.json must announce the version the stamp says was built: it is what clients reload to. */
function checkMetaVersion(bytes: Buffer, stamp: { slug: string; version: string }): void {
  let version: unknown;
  try {
    version = (JSON.parse(bytes.toString('utf8')) as { version?: unknown }).version;
  } catch {
    version = undefined;
  }
  if (version !== stamp.version) {
    throw new CliError(
      `dist/${stamp.slug}/meta.json announces version ${JSON.stringify(version ?? null)} but the build stamp says "${stamp.version}".`,
      { hint: `Run \`portal build --tenant ${stamp.slug}\` again.` },
    );
  }
}
