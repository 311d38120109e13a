/**
 * Writes the run's release manifests once every tenant is done: one beside each place the sites are under
 * (sites/ in the default layout), named by the shard, so the parallel jobs of a sharded release never write the
 * same object and a fleet's cold release stores one manifest, not one per tenant. Only where the target lists:
 * a folder has no listing to check records against, and stays plain files.
 *
 * Written after the tenants' meta.json rather than before it: a record is a fact about a stored object whenever
 * it is written, and the manifest only saves requests. When a run stops before it, or it cannot be written, the
 * next publish asks about each file no record describes once, by its sha256 metadata, and uploads again a file
 * whose records all name an older ETag (publisher.ts currentEtag). The same holds when two runs that write the
 * same manifest (two `--tenant` runs at once) race: the later write wins, and the other run's tenants cost their
 * next publish those requests, never a wrong skip.
 */
import { releaseManifestName } from '../site-layout.js';
import type { Shard } from '../shard.js';
import type { Backend } from './backend.js';
import { sha256 } from '../digest.js';
import type { PlanEntry, TenantPlan } from './plan.js';
import type { TenantResult } from './publisher.js';
import { recordId, serializeManifest, type Manifest, type Records } from './release-manifest.js';
import { withRetry, type RetryPolicy } from './retry.js';
import { parentOf, type StoredState } from './stored-state.js';
import type { Location } from './target.js';

export interface ManifestDeps {
  backendFor: (location: Location) => Backend;
  limit: <T>(action: () => Promise<T>) => Promise<T>;
  retry: RetryPolicy;
  stored: StoredState;
  shard: Shard | undefined;
  /**
   * --all: the manifest holds exactly this run's tenants (a tenant removed from the fleet leaves it). Otherwise
   * the tenants of earlier runs that this one did not publish keep their records.
   */
  wholeFleet: boolean;
}

/**
 * Records for each file of a list: what this run stored or found, else what the manifest said before (a tenant
 * that stopped half-way keeps the records of the files it did not reach).
 */
function recordsOf(entries: PlanEntry[], now: Records | undefined, before: Records | undefined): Records {
  const records: Records = new Map();
  for (const entry of entries) {
    const id = recordId(entry.location, entry.key);
    const record = now?.get(id) ?? before?.get(id);
    if (record) records.set(id, record);
  }
  return records;
}

/** Two record tables with the same records, told by identity (see sameRecords). */
function sameTable(a: Records, b: Records | undefined): boolean {
  if (!b || a.size !== b.size) return false;
  for (const [id, record] of a) if (b.get(id) !== record) return false;
  return true;
}

/**
 * Whether a manifest holds exactly the stored one's records, told by identity: a file found unchanged carries on
 * the very record object the stored manifest was read into (publisher.ts), so an unchanged fleet's manifest is
 * known to be the same without serialising thousands of records to compare the bytes.
 */
function sameRecords(manifest: Manifest, stored: Manifest): boolean {
  if (manifest.tenants.size !== stored.tenants.size || manifest.shared.size !== stored.shared.size)
    return false;
  for (const [id, records] of manifest.shared) if (!sameTable(records, stored.shared.get(id))) return false;
  for (const [slug, { shared, own }] of manifest.tenants) {
    const before = stored.tenants.get(slug);
    if (!before || before.shared !== shared || !sameTable(own, before.own)) return false;
  }
  return true;
}

/**
 * The manifest of one place after this run: its tenants' own records, and each shared group that one of them
 * uses (this run's records of it, else the stored ones).
 */
function manifestAfter(
  tenants: number[],
  plans: TenantPlan[],
  results: TenantResult[],
  stored: Manifest | undefined,
  wholeFleet: boolean,
): Manifest {
  const manifest: Manifest = {
    tenants: wholeFleet ? new Map() : new Map(stored?.tenants),
    shared: new Map(),
  };
  const groups = new Map<string, { entries: PlanEntry[]; records: Records | undefined }>();
  for (const i of tenants) {
    const plan = plans[i]!;
    const result = results[i]!;
    const own = recordsOf(plan.entries, result.records, stored?.tenants.get(plan.slug)?.own);
    if (!plan.shared) {
      manifest.tenants.set(plan.slug, { own });
      continue;
    }
    manifest.tenants.set(plan.slug, { shared: plan.shared.id, own });
    if (!groups.get(plan.shared.id)?.records)
      groups.set(plan.shared.id, { entries: plan.shared.entries, records: result.group?.records });
  }
  for (const { shared } of manifest.tenants.values()) {
    if (shared === undefined || manifest.shared.has(shared)) continue;
    const group = groups.get(shared);
    const before = stored?.shared.get(shared);
    manifest.shared.set(
      shared,
      group ? recordsOf(group.entries, group.records, before) : (before ?? new Map()),
    );
  }
  return manifest;
}

/** Writes each manifest that changed; returns a warning for each that could not be written. */
export async function writeReleaseManifests(
  plans: TenantPlan[],
  results: TenantResult[],
  deps: ManifestDeps,
): Promise<string[]> {
  const groups = new Map<string, { dir: Location; key: string; tenants: number[] }>();
  plans.forEach((plan, i) => {
    const dir = parentOf(plan.metaKey.location);
    if (!deps.backendFor(dir).list) return;
    const key = `${dir.prefix}${releaseManifestName(deps.shard)}`;
    const id = recordId(dir, key);
    const group = groups.get(id);
    if (group) group.tenants.push(i);
    else groups.set(id, { dir, key, tenants: [i] });
  });
  const problems: string[] = [];
  await Promise.all(
    [...groups].map(async ([id, { dir, key, tenants }]) => {
      const stored = deps.stored.manifests.get(id);
      const manifest = manifestAfter(tenants, plans, results, stored?.manifest, deps.wholeFleet);
      if (stored && sameRecords(manifest, stored.manifest)) return;
      const body = serializeManifest(manifest);
      if (stored?.bytes.equals(body)) return;
      const backend = deps.backendFor(dir);
      const put = () =>
        backend.put({
          key,
          body,
          contentType: 'application/json; charset=utf-8',
          cacheControl: 'no-cache',
          sha256: sha256(body),
        });
      try {
        await deps.limit(() => withRetry(put, (e) => backend.isRetryable(e), deps.retry));
      } catch (error) {
        const reason = (error as Error | null)?.name ?? String(error);
        problems.push(
          `the release manifest ${key} could not be written (${reason}); the sites are published, and the next publish checks their files once each`,
        );
      }
    }),
  );
  return problems;
}
