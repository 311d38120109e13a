/**
 * The upload plan of one built tenant: every file of dist/<slug>/ with its key, phase, size, hash and headers,
 * as the build recorded them.
 * Keys come only from validated parts: the target prefix, the slug, the integer tenant id and relative paths
 * whose every segment is plain (no '..', no absolute paths, no hidden files).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assetDigests } from '../bake/compile-assets.js';
import type { BuildStamp } from '../bake/status.js';
import { sha256, type Digest } from '../digest.js';
import { CliError } from '../errors.js';
import {
  ASSETS_DIR,
  compileAssetsFolder,
  INDEX_FILE,
  META_FILE,
  SERVICE_WORKER_FILE,
  THEME_FILE,
  THEMES_DIR,
  themeFolder,
} from '../site-layout.js';
import { cacheControlFor, contentTypeFor, isHashedAsset } from './content-types.js';
import { recordId } from './release-manifest.js';
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

/**
 * Files every tenant of a compile stores at the same keys (--shared-assets: the compile's assets and the service
 * worker): planned, synced and recorded once for the fleet rather than once per tenant.
 */
export interface SharedPlan {
  /** The compile and the place: two compiles' assets are two groups even in one location. */
  id: string;
  /** The tenant whose build the group's own files (the service worker) were planned from. */
  slug: string;
  entries: PlanEntry[];
}

export interface TenantPlan {
  slug: string;
  tenantId: number;
  version: string;
  /** The tenant's own files, in upload order; the shared group is synced before them. */
  entries: PlanEntry[];
  shared?: SharedPlan;
  /** Where meta.json lands: read back after the publish to check the live version. */
  metaKey: { location: Location; key: string };
}

function phaseOf(rel: string): Phase {
  if (rel === INDEX_FILE) return 'index';
  if (rel === META_FILE) return 'meta';
  return isHashedAsset(rel) ? 'asset' : 'static';
}

const rebuild = (slug: string) => `Run \`portal build --tenant ${slug}\` again.`;

/** What the plan needs of the build stamp (status.ts BuildStamp). */
type PlannedStamp = Pick<BuildStamp, 'slug' | 'tenantId' | 'version' | 'appHash' | 'files'>;

/** What a file's path in the site decides: its phase and headers. */
interface Described {
  phase: Phase;
  contentType: string;
  cacheControl: string;
}

// A fleet's sites name the same paths (index.html, every asset) a thousand times: each is checked and
// described once per process.
const described = new Map<string, Described | null>();

function describe(rel: string): Described | null {
  let found = described.get(rel);
  if (found === undefined) {
    const segments = prefixSegments(rel);
    // Hidden names (the build stamp, a working file) are never published.
    found =
      !segments || segments.some((s) => s.startsWith('.'))
        ? null
        : {
            phase: phaseOf(rel),
            contentType: contentTypeFor(rel),
            // By the path in the site: the same file gets the same headers wherever it is stored.
            cacheControl: cacheControlFor(rel),
          };
    described.set(rel, found);
  }
  return found;
}

const byPhaseAndKey = (a: PlanEntry, b: PlanEntry) =>
  PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.key.localeCompare(b.key);

function entryOf(
  slug: string,
  rel: string,
  [size, sha256]: Digest,
  file: string,
  place: { location: Location; keyRel: string; phase?: Phase },
): PlanEntry {
  const what = describe(rel);
  if (!what) {
    throw new CliError(`dist/${slug}/${rel} has a name that cannot be published.`, {
      hint: 'Use plain file names (letters, digits, ".", "-", "_").',
    });
  }
  const { location, keyRel, phase = what.phase } = place;
  // Spelt out, not spread from `what`: a fleet's 8,000 entries were each built by the spread's slow path.
  const { contentType, cacheControl } = what;
  const key = `${location.prefix}${keyRel}`;
  return { file, rel, location, key, phase, size, sha256, contentType, cacheControl };
}

/**
 * The compile's assets, planned once for every tenant that shares their location (--shared-assets: the same
 * objects for the whole fleet), from the digests the build wrote beside them: nothing is listed, read or hashed.
 */
const assetPlans = new Map<string, PlanEntry[]>();

function assetEntries(distDir: string, stamp: PlannedStamp, location: Location, inSite: boolean) {
  const id = `${distDir}\0${stamp.appHash}\0${recordId(location, location.prefix)}\0${inSite}`;
  let entries = assetPlans.get(id);
  if (!entries) {
    const digests = assetDigests(distDir, stamp.appHash);
    if (!digests) {
      throw new CliError(`The build of ${stamp.slug} has no assets folder of its compile in ${distDir}.`, {
        hint: rebuild(stamp.slug),
      });
    }
    const folder = path.join(distDir, compileAssetsFolder(stamp.appHash));
    entries = Object.entries(digests)
      .map(([rel, digest]) =>
        entryOf(stamp.slug, rel, digest, path.join(folder, ...rel.split('/')), {
          location,
          keyRel: inSite ? rel : rel.slice(ASSETS_DIR.length + 1),
        }),
      )
      .sort(byPhaseAndKey);
    assetPlans.set(id, entries);
  }
  return entries;
}

/** Two tenants may share a key only with the same bytes: else the second would overwrite the first's file. */
export const sharedKeyClash = (key: string, first: string, second: string) =>
  new CliError(`${key} differs between the builds of ${first} and ${second}, which share it.`, {
    hint: 'Build every tenant from the same sources with `portal build --all`, then publish again.',
  });

/**
 * The shared group of a publish run, one per compile and place: the first tenant planned makes it, every other
 * must bring the same bytes for its shared files (else the second would overwrite the first's file).
 */
export type SharedGroups = Map<string, SharedPlan>;

function sharedGroup(
  groups: SharedGroups,
  distDir: string,
  stamp: PlannedStamp,
  location: Location,
  own: PlanEntry[],
): SharedPlan {
  const id = `${stamp.appHash} ${recordId(location, location.prefix)}`;
  const group = groups.get(id);
  if (!group) {
    const entries = merge(assetEntries(distDir, stamp, location, false), own.sort(byPhaseAndKey));
    groups.set(id, { id, slug: stamp.slug, entries });
    return groups.get(id)!;
  }
  for (const entry of own) {
    const first = group.entries.find((e) => e.key === entry.key);
    if (first?.sha256 !== entry.sha256) throw sharedKeyClash(entry.key, group.slug, stamp.slug);
  }
  return group;
}

/** Two lists each in upload order, as one. */
function merge(a: PlanEntry[], b: PlanEntry[]): PlanEntry[] {
  const merged: PlanEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(byPhaseAndKey(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  return merged.concat(a.slice(i), b.slice(j));
}

/**
 * Plans dist/<slug>/ for upload from what its build recorded: its own files from the stamp, its assets from the
 * compile's digests (the folder its assets/ links to). Nothing of the site is listed or hashed: a fleet's
 * re-publish plans 1,000 sites from 1,000 stamps and one digests file. A file changed in dist/ after the build
 * is refused when it is uploaded (publisher.ts), and meta.json, the one file read here, must announce the
 * stamp's version (it is what clients reload to) and be the bytes the build wrote.
 *
 * Theme files go from themes/<id>/ to the theme location, assets/ and the service worker to the shared assets
 * location when there is one; every other file to the site location. The tenant id comes from the build stamp
 * and must be a positive integer.
 */
export function planTenant(
  distDir: string,
  stamp: PlannedStamp,
  locations: TenantLocations,
  groups: SharedGroups,
): TenantPlan {
  const { slug, tenantId } = stamp;
  if (!Number.isInteger(tenantId) || tenantId < 1) {
    throw new CliError(`The build stamp of ${slug} has no valid tenant id.`, { hint: rebuild(slug) });
  }
  if (!stamp.files) {
    throw new CliError(`The build of ${slug} records no list of its files.`, { hint: rebuild(slug) });
  }
  const root = path.join(distDir, slug);
  const themeDir = `${themeFolder(tenantId)}/`;
  const themeLocation = under(locations.themes, String(tenantId));
  const own: PlanEntry[] = [];
  const shared: PlanEntry[] = [];
  for (const [rel, digest] of Object.entries(stamp.files)) {
    let into = own;
    let place: { location: Location; keyRel: string; phase?: Phase } = {
      location: locations.site,
      keyRel: rel,
    };
    if (rel.startsWith(`${THEMES_DIR}/`)) {
      if (!rel.startsWith(themeDir)) {
        throw new CliError(`dist/${slug}/${rel} belongs to another tenant's theme.`, {
          hint: `Rebuild with \`portal build --tenant ${slug}\`.`,
        });
      }
      const keyRel = rel.slice(themeDir.length);
      place = { location: themeLocation, keyRel, phase: keyRel === THEME_FILE ? 'theme' : 'theme-file' };
    } else if (locations.assets && rel === SERVICE_WORKER_FILE) {
      // The same bytes for every tenant of the compile: one object beside the shared assets, not one a tenant.
      place = { location: locations.assets, keyRel: rel };
      into = shared;
    }
    into.push(entryOf(slug, rel, digest, path.join(root, ...rel.split('/')), place));
  }
  const missing = [INDEX_FILE, META_FILE, `${themeDir}${THEME_FILE}`].filter(
    (rel) => !own.some((e) => e.rel === rel),
  );
  if (missing.length) {
    throw new CliError(`The build of ${slug} is incomplete: ${missing.join(', ')} missing.`, {
      hint: rebuild(slug),
    });
  }
  const metaEntry = own.find((e) => e.rel === META_FILE)!;
  checkMeta(metaEntry, stamp);
  const plan = {
    slug,
    tenantId,
    version: stamp.version,
    metaKey: { location: metaEntry.location, key: metaEntry.key },
  };
  if (locations.assets) {
    const group = sharedGroup(groups, distDir, stamp, locations.assets, shared);
    return { ...plan, entries: own.sort(byPhaseAndKey), shared: group };
  }
  return {
    ...plan,
    entries: merge(assetEntries(distDir, stamp, locations.site, true), own.sort(byPhaseAndKey)),
  };
}

/** dist/<slug>/meta.json must announce the version the stamp says was built: it is what clients reload to. */
function checkMeta(entry: PlanEntry, stamp: { slug: string; version: string }): void {
  const bytes = readFileSync(entry.file);
  let version: unknown;
  try {
    version = (JSON.parse(bytes.toString('utf8')) as { version?: unknown }).version;
  } catch {
    version = undefined;
  }
  if (version !== stamp.version) {
    throw new CliError(
      `dist/${stamp.slug}/meta.json announces version ${JSON.stringify(version ?? null)} but the build stamp says "${stamp.version}".`,
      { hint: rebuild(stamp.slug) },
    );
  }
  if (sha256(bytes) !== entry.sha256) {
    throw new CliError(`dist/${stamp.slug}/meta.json is not the file its build wrote.`, {
      hint: rebuild(stamp.slug),
    });
  }
}
