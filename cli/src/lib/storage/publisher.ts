/**
 * Publishes one tenant's plan phase by phase (plan.ts PHASES). Files of a phase go up in parallel under the
 * shared concurrency limit; the next phase starts only when every file of this one is stored. When a file still
 * fails after its retries the tenant stops there: its index.html and meta.json are not written, so the live
 * site keeps serving the previous release whole, and a re-run uploads what is missing (skip by hash).
 */
import { readFile } from 'node:fs/promises';
import type { CliError } from '../errors.js';
import type { Backend } from './backend.js';
import { PHASES, type PlanEntry, type TenantPlan } from './plan.js';
import { withRetry, type RetryPolicy } from './retry.js';
import type { Location } from './target.js';

export type Action = 'upload' | 'skip';

export interface PlanLine {
  key: string;
  target: string;
  action: Action;
  size: number;
  contentType: string;
  cacheControl: string;
}

export type TenantStatus = 'published' | 'unchanged' | 'planned' | 'failed';

export interface TenantResult {
  slug: string;
  status: TenantStatus;
  uploaded: number;
  skipped: number;
  bytes: number;
  seconds: number;
  version: string;
  error?: string;
  /** Set when the failure was credentials or permissions: the command exits 4 with this error. */
  accessError?: CliError;
  lines: PlanLine[];
}

export interface PublishDeps {
  backendFor: (location: Location) => Backend;
  limit: <T>(action: () => Promise<T>) => Promise<T>;
  retry: RetryPolicy;
  dryRun: boolean;
  onRetry?: (key: string, error: unknown, attempt: number, delayMs: number) => void;
}

function describeError(error: unknown): string {
  const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  const text = e?.message && e.message !== 'UnknownError' ? e.message : (e?.name ?? String(error));
  return status ? `${text} (HTTP ${status})` : text;
}

/** Keys already stored under each location of a tenant, where the target can list them; null: ask per key. */
type Listings = Map<Location, Set<string> | null>;

async function listLocations(plan: TenantPlan, deps: PublishDeps): Promise<Listings> {
  const listings: Listings = new Map();
  const locations = [...new Set(plan.entries.map((e) => e.location))];
  await Promise.all(
    locations.map(async (location) => {
      const backend = deps.backendFor(location);
      const list = backend.listKeys?.bind(backend);
      const keys = list
        ? await deps
            .limit(() =>
              withRetry(
                () => list(location.prefix),
                (e) => backend.isRetryable(e),
                deps.retry,
              ),
            )
            .catch(() => null) // listing is an optimisation: without it every key is checked on its own
        : null;
      listings.set(location, keys);
    }),
  );
  return listings;
}

async function sync(entry: PlanEntry, deps: PublishDeps, listed: Set<string> | null): Promise<Action> {
  const backend = deps.backendFor(entry.location);
  return withRetry(
    async () => {
      const exists = listed === null || listed.has(entry.key);
      if (exists && (await backend.storedHash(entry.key)) === entry.sha256) return 'skip';
      if (deps.dryRun) return 'upload';
      // Read at upload time, not at plan time: a publish of 100 tenants would otherwise hold every file.
      const body = await readFile(entry.file);
      await backend.put({
        key: entry.key,
        body,
        contentType: entry.contentType,
        cacheControl: entry.cacheControl,
        sha256: entry.sha256,
      });
      return 'upload';
    },
    (error) => backend.isRetryable(error),
    deps.retry,
    (error, attempt, delay) => deps.onRetry?.(entry.key, error, attempt, delay),
  );
}

export async function publishTenant(plan: TenantPlan, deps: PublishDeps): Promise<TenantResult> {
  const started = performance.now();
  const result: TenantResult = {
    slug: plan.slug,
    status: 'planned',
    uploaded: 0,
    skipped: 0,
    bytes: 0,
    seconds: 0,
    version: plan.version,
    lines: [],
  };
  const finish = (status: TenantStatus) => {
    result.status = status;
    result.seconds = Math.round((performance.now() - started) / 10) / 100;
    return result;
  };
  const listings = await listLocations(plan, deps);
  for (const phase of PHASES) {
    const entries = plan.entries.filter((e) => e.phase === phase);
    const settled = await Promise.allSettled(
      entries.map((entry) => deps.limit(() => sync(entry, deps, listings.get(entry.location) ?? null))),
    );
    let failed: { entry: PlanEntry; error: unknown } | undefined;
    settled.forEach((outcome, i) => {
      const entry = entries[i]!;
      if (outcome.status === 'rejected') {
        failed ??= { entry, error: outcome.reason };
        return;
      }
      result.lines.push({
        key: entry.key,
        target: deps.backendFor(entry.location).label,
        action: outcome.value,
        size: entry.size,
        contentType: entry.contentType,
        cacheControl: entry.cacheControl,
      });
      if (outcome.value === 'skip') result.skipped++;
      else {
        result.uploaded++;
        result.bytes += entry.size;
      }
    });
    if (failed) {
      const backend = deps.backendFor(failed.entry.location);
      result.error = `${failed.entry.key}: ${describeError(failed.error)}`;
      if (backend.isAccessError(failed.error)) result.accessError = backend.describeFailure(failed.error);
      return finish('failed');
    }
  }
  if (deps.dryRun) return finish('planned');
  const problem = await verifyLiveVersion(plan, deps);
  if (problem) {
    result.error = problem;
    return finish('failed');
  }
  return finish(result.uploaded ? 'published' : 'unchanged');
}

/** Reads meta.json back from the target: what clients will see must be the version that was built. */
async function verifyLiveVersion(plan: TenantPlan, deps: PublishDeps): Promise<string | null> {
  const { location, key } = plan.metaKey;
  const backend = deps.backendFor(location);
  try {
    const bytes = await withRetry(
      () => backend.get(key),
      (e) => backend.isRetryable(e),
      deps.retry,
    );
    const version = bytes ? (JSON.parse(bytes.toString('utf8')) as { version?: unknown }).version : undefined;
    if (version === plan.version) return null;
    return `${key} reads back version ${JSON.stringify(version ?? null)}, expected "${plan.version}"`;
  } catch (error) {
    return `${key} could not be read back: ${describeError(error)}`;
  }
}
