/**
 * What is already stored, read once for a whole publish before any upload: ListObjects pages of every place
 * the plans write to, and every release manifest beside the sites (one per earlier run or shard). With these the
 * publisher decides what is unchanged without a request per object. Also the publish-wide bookkeeping of keys
 * several tenants share (the shared assets/): each is synced once, whichever tenant gets there first.
 */
import { RELEASE_MANIFEST_NAME, RELEASE_MANIFEST_STEM } from '../site-layout.js';
import type { Backend, Listed } from './backend.js';
import { sharedKeyClash, type PlanEntry, type TenantPlan } from './plan.js';
import { parseManifest, recordId, type FileRecord, type Manifest } from './release-manifest.js';
import { withRetry, type RetryPolicy } from './retry.js';
import { targetId, type Location } from './target.js';

interface StoredManifest {
  bytes: Buffer;
  manifest: Manifest;
}

export interface StoredState {
  /** The stored keys around a location with their ETag and size; null where the target cannot list. */
  listing: (location: Location) => Map<string, Listed> | null;
  /** Every record of every manifest read, by recordId. */
  records: Map<string, FileRecord[]>;
  /** Each manifest read, by the recordId of its key: a run rewrites its own only when it changed. */
  manifests: Map<string, StoredManifest>;
  /** The one sync of each key in this publish, by recordId; a key several tenants share goes up once. */
  once: Map<string, Promise<{ action: 'upload' | 'skip'; etag: string; record?: FileRecord }>>;
}

export interface StoredStateDeps {
  backendFor: (location: Location) => Backend;
  limit: <T>(action: () => Promise<T>) => Promise<T>;
  retry: RetryPolicy;
}

const locationId = (location: Location) => `${targetId(location.target)} ${location.prefix}`;
/** "portal/sites/acme/" -> "portal/sites/"; "" stays "". Also where a site's release manifest is. */
export const parentOf = (location: Location): Location => ({
  target: location.target,
  prefix: location.prefix.replace(/[^/]+\/$/, ''),
});

/**
 * The prefix to list for each location: its parent when the publish writes to more than one location under
 * it (1,000 tenants' sites/<slug>/ are a few pages of sites/, not 1,000 requests), else the location itself
 * (one tenant in a big bucket lists only its own keys).
 */
function listingScopes(locations: Location[]): Map<string, Location> {
  const groups = new Map<string, Location[]>();
  for (const location of locations) {
    const id = locationId(parentOf(location));
    const group = groups.get(id);
    if (group) group.push(location);
    else groups.set(id, [location]);
  }
  const scopes = new Map<string, Location>();
  for (const group of groups.values())
    for (const location of group)
      scopes.set(locationId(location), group.length > 1 ? parentOf(location) : location);
  return scopes;
}

/** Every file of the plans, each shared group's once, with the tenant (or group) whose build it comes from. */
export function* planned(plans: TenantPlan[]): Generator<[slug: string, entry: PlanEntry]> {
  const groups = new Set<string>();
  for (const plan of plans) {
    if (plan.shared && !groups.has(plan.shared.id)) {
      groups.add(plan.shared.id);
      for (const entry of plan.shared.entries) yield [plan.shared.slug, entry];
    }
    for (const entry of plan.entries) yield [plan.slug, entry];
  }
}

/** Keys two tenants' own files share (plan.ts sharedKeyClash); a shared group checks its own as it is planned. */
function checkSharedKeys(plans: TenantPlan[]): void {
  const owners = new Map<string, { slug: string; sha256: string }>();
  for (const [slug, entry] of planned(plans)) {
    const id = recordId(entry.location, entry.key);
    const owner = owners.get(id);
    if (owner && owner.sha256 !== entry.sha256) throw sharedKeyClash(entry.key, owner.slug, slug);
    owners.set(id, { slug, sha256: entry.sha256 });
  }
}

const readWith = <T>(backend: Backend, action: () => Promise<T>, deps: StoredStateDeps) =>
  deps.limit(() => withRetry(action, (e) => backend.isRetryable(e), deps.retry));

/** The keys under a scope; null where the target cannot list or the listing failed. */
function listScope(scope: Location, deps: StoredStateDeps): Promise<Map<string, Listed> | null> {
  const backend = deps.backendFor(scope);
  const list = backend.list?.bind(backend);
  // Listing is an optimisation: without it every key is checked on its own.
  return list ? readWith(backend, () => list(scope.prefix), deps).catch(() => null) : Promise.resolve(null);
}

/** Every release manifest beside the sites of dir, read and parsed, by the recordId of its key. */
async function readManifests(dir: Location, deps: StoredStateDeps): Promise<Map<string, StoredManifest>> {
  const backend = deps.backendFor(dir);
  const list = backend.list?.bind(backend);
  const manifests = new Map<string, StoredManifest>();
  if (!list) return manifests;
  // One small listing finds every run's and shard's manifest, whatever the listing scopes cover.
  const found = await readWith(backend, () => list(`${dir.prefix}${RELEASE_MANIFEST_STEM}`), deps).catch(
    () => null,
  );
  const keys = [...(found?.keys() ?? [])].filter((key) =>
    RELEASE_MANIFEST_NAME.test(key.slice(dir.prefix.length)),
  );
  await Promise.all(
    keys.map(async (key) => {
      const bytes = await readWith(backend, () => backend.get(key), deps).catch(() => null);
      if (bytes) manifests.set(recordId(dir, key), { bytes, manifest: parseManifest(bytes) });
    }),
  );
  return manifests;
}

/**
 * Listings and manifests asked for before the plans are made, so the store answers while the tenants are read
 * and planned (--all --to: every tenant in the default layout under one root, so the places are known from the
 * flags). readStoredState takes a listing of a scope for any scope under it.
 */
export interface ReadAhead {
  listings: { scope: Location; listed: Promise<Map<string, Listed> | null> }[];
  manifests: Map<string, Promise<Map<string, StoredManifest>>>;
}

export function readAhead(scopes: Location[], manifestDirs: Location[], deps: StoredStateDeps): ReadAhead {
  return {
    listings: scopes.map((scope) => ({ scope, listed: listScope(scope, deps) })),
    manifests: new Map(manifestDirs.map((dir) => [locationId(dir), readManifests(dir, deps)])),
  };
}

const covers = (outer: Location, inner: Location) =>
  targetId(outer.target) === targetId(inner.target) && inner.prefix.startsWith(outer.prefix);

export async function readStoredState(
  plans: TenantPlan[],
  deps: StoredStateDeps,
  ahead?: ReadAhead,
): Promise<StoredState> {
  checkSharedKeys(plans);
  const locations = new Map<string, Location>();
  for (const [, e] of planned(plans)) locations.set(locationId(e.location), e.location);
  const scopes = listingScopes([...locations.values()]);
  const distinct = new Map([...scopes.values()].map((scope) => [locationId(scope), scope]));
  const dirs = new Map(plans.map(({ metaKey }) => parentOf(metaKey.location)).map((d) => [locationId(d), d]));
  const [listed, read] = await Promise.all([
    Promise.all(
      [...distinct].map(async ([id, scope]) => {
        const early = ahead?.listings.find((l) => covers(l.scope, scope));
        return [id, await (early?.listed ?? listScope(scope, deps))] as const;
      }),
    ),
    Promise.all([...dirs].map(([id, dir]) => ahead?.manifests.get(id) ?? readManifests(dir, deps))),
  ]);
  const listings = new Map(listed);
  const listing = (location: Location) =>
    listings.get(locationId(scopes.get(locationId(location)) ?? location)) ?? null;

  const records = new Map<string, FileRecord[]>();
  const manifests = new Map<string, StoredManifest>();
  for (const found of read) {
    for (const [id, stored] of found) {
      manifests.set(id, stored);
      const { manifest } = stored;
      const tables = [...manifest.shared.values(), ...[...manifest.tenants.values()].map((t) => t.own)];
      for (const own of tables) {
        for (const [key, record] of own) {
          const known = records.get(key);
          if (!known) records.set(key, [record]);
          else if (!known.includes(record)) known.push(record);
        }
      }
    }
  }
  return { listing, records, manifests, once: new Map() };
}
