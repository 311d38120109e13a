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
import type { TenantPlan } from './plan.js';
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
 * A tenant's records: for each file of its plan, what this run stored or found, else what the manifest said
 * before (a tenant that stopped half-way keeps the records of the files it did not reach).
 */
function tenantRecords(plan: TenantPlan, result: TenantResult, before: Records | undefined): Records {
  const records: Records = new Map();
  for (const entry of plan.entries) {
    const id = recordId(entry.location, entry.key);
    const record = result.records.get(id) ?? before?.get(id);
    if (record) records.set(id, record);
  }
  return records;
}

/**
 * Whether a manifest holds exactly the stored one's records, told by identity: a file found unchanged carries on
 * the very record object the stored manifest was read into (publisher.ts), so an unchanged fleet's manifest is
 * known to be the same without serialising tens of thousands of records to compare the bytes.
 */
function sameRecords(manifest: Manifest, stored: Manifest): boolean {
  if (manifest.size !== stored.size) return false;
  for (const [slug, own] of manifest) {
    const before = stored.get(slug);
    if (!before || before.size !== own.size) return false;
    for (const [id, record] of own) if (before.get(id) !== record) return false;
  }
  return true;
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
      const manifest: Manifest = deps.wholeFleet ? new Map() : new Map(stored?.manifest);
      for (const i of tenants) {
        const { slug } = plans[i]!;
        manifest.set(slug, tenantRecords(plans[i]!, results[i]!, stored?.manifest.get(slug)));
      }
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
