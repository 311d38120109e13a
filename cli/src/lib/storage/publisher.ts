/**
 * Publishes one tenant's plan phase by phase (plan.ts PHASES). Files of a phase go up in parallel under the
 * shared concurrency limit; the next phase starts only when every file of this one is stored. When a file still
 * fails after its retries the tenant stops there: its index.html and meta.json are not written, so the live
 * site keeps serving the previous release whole, and a re-run uploads what is missing. What is unchanged is
 * decided from the listing and the release manifests (stored-state.ts), not by asking about each object; what
 * was stored goes into the run's manifest once every tenant is done (manifest-writer.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Backend } from './backend.js';
import { sha256 } from '../digest.js';
import { CliError } from '../errors.js';
import { PHASES, type PlanEntry, type SharedPlan, type TenantPlan } from './plan.js';
import { recordId, type FileRecord, type Records } from './release-manifest.js';
import { withRetry, type RetryPolicy } from './retry.js';
import type { StoredState } from './stored-state.js';
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
  /** Of the skipped: shared assets another tenant of this publish uploaded (or, in a dry run, would). */
  shared: number;
  bytes: number;
  seconds: number;
  version: string;
  error?: string;
  /** Set when the failure was credentials or permissions: the command exits 4 with this error. */
  accessError?: CliError;
  /** A dry run's plan, file by file; empty for a real publish. */
  lines: PlanLine[];
  /** What each file of the tenant now holds, for the run's release manifest. */
  records: Records;
  /** The shared group it uses, with what each of its files now holds: the same object for every tenant. */
  group?: { id: string; records: Records };
}

export interface PublishDeps {
  backendFor: (location: Location) => Backend;
  limit: <T>(action: () => Promise<T>) => Promise<T>;
  retry: RetryPolicy;
  dryRun: boolean;
  stored: StoredState;
  /** The one sync of each shared group (plan.ts SharedPlan) in this publish, by its id. */
  groups: Map<string, Promise<GroupSync>>;
  onRetry?: (key: string, error: unknown, attempt: number, delayMs: number) => void;
}

function describeError(error: unknown): string {
  const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  const text = e?.message && e.message !== 'UnknownError' ? e.message : (e?.name ?? String(error));
  return status ? `${text} (HTTP ${status})` : text;
}

const unquote = (etag: string) => etag.replace(/^"|"$/g, '');

/**
 * The ETag of the stored object when it already holds the entry's bytes and headers; null when it must be
 * uploaded. A listed key with a manifest record is decided by the listing alone: a changed ETag or size means
 * it was changed behind our back. meta.json too: while its listed ETag is the one recorded when these bytes were
 * stored, the live version is the built one, and any other write to it (another version put there directly)
 * shows as another ETag, so it is uploaded again and read back (verifyLiveVersion).
 */
async function currentEtag(
  entry: PlanEntry,
  deps: PublishDeps,
): Promise<{ etag: string; record?: FileRecord } | null> {
  const backend = deps.backendFor(entry.location);
  const listing = deps.stored.listing(entry.location);
  const listed = listing?.get(entry.key);
  if (listing && !listed) return null;
  const records = deps.stored.records.get(recordId(entry.location, entry.key));
  if (listed && records) {
    const record = records.find(
      (r) =>
        unquote(r.etag) === unquote(listed.etag) &&
        r.size === listed.size &&
        r.sha256 === entry.sha256 &&
        r.contentType === entry.contentType &&
        r.cacheControl === entry.cacheControl,
    );
    // The manifest's own record goes on as it is: an unchanged manifest is told by identity (manifest-writer.ts).
    return record ? { etag: listed.etag, record } : null;
  }
  // No record: a target that cannot list (a folder, where reading is cheap) or a key no publish has described
  // yet (the first since manifests came). meta.json's own bytes are read, the check of the live version that
  // metadata a direct write can copy would not be; any other key is asked about by its sha256 metadata.
  if (entry.phase === 'meta') {
    const bytes = await backend.get(entry.key);
    return bytes && sha256(bytes) === entry.sha256 ? { etag: listed?.etag ?? '' } : null;
  }
  const stored = await backend.storedHash(entry.key);
  return stored?.sha256 === entry.sha256 ? { etag: stored.etag } : null;
}

interface Synced {
  action: Action;
  etag: string;
  /** What the key now holds, for the release manifest; none where the target gives no ETag. */
  record?: FileRecord;
  /** A skip because another tenant of this publish uploaded the shared key. */
  shared?: boolean;
}

/** One record a key: every tenant naming a shared key gets the same object, which the manifest writes once. */
function synced(action: Action, etag: string, entry: PlanEntry): Synced {
  if (!etag) return { action, etag };
  const { sha256, size, contentType, cacheControl } = entry;
  return { action, etag, record: { sha256, size, etag, contentType, cacheControl } };
}

async function sync(entry: PlanEntry, deps: PublishDeps): Promise<Synced> {
  const backend = deps.backendFor(entry.location);
  return withRetry(
    async () => {
      const current = await currentEtag(entry, deps);
      if (current?.record) return { action: 'skip', ...current };
      if (current) return synced('skip', current.etag, entry);
      if (deps.dryRun) return { action: 'upload', etag: '' };
      // Read at upload time, not at plan time: a publish of 100 tenants would otherwise hold every file.
      const body = await readFile(entry.file);
      // The plan is the build's record (plan.ts): bytes changed in dist/ since then are not that build.
      if (sha256(body) !== entry.sha256) {
        throw new CliError(`${entry.file} changed after it was built.`, {
          hint: 'Build the tenant again with `portal build`, then publish.',
        });
      }
      const stored = await backend.put({
        key: entry.key,
        body,
        contentType: entry.contentType,
        cacheControl: entry.cacheControl,
        sha256: entry.sha256,
      });
      return synced('upload', stored.etag, entry);
    },
    (error) => backend.isRetryable(error),
    deps.retry,
    (error, attempt, delay) => deps.onRetry?.(entry.key, error, attempt, delay),
  );
}

/** A key several tenants share (their own files at one key) is synced by the first; for the others it is there. */
async function syncOnce(entry: PlanEntry, deps: PublishDeps): Promise<Synced> {
  const id = recordId(entry.location, entry.key);
  const running = deps.stored.once.get(id);
  if (running) {
    const first = await running;
    return { ...first, action: 'skip', shared: first.action === 'upload' };
  }
  const synced = deps.limit(() => sync(entry, deps));
  deps.stored.once.set(id, synced);
  return synced;
}

/** How a phase's files went: each file's outcome, and the first that failed. */
interface PhaseOutcome {
  synced: { entry: PlanEntry; synced: Synced }[];
  failed?: { entry: PlanEntry; error: unknown };
}

async function syncPhase(entries: PlanEntry[], sync: (entry: PlanEntry) => Promise<Synced>) {
  const settled = await Promise.allSettled(entries.map(sync));
  const outcome: PhaseOutcome = { synced: [] };
  settled.forEach((result, i) => {
    const entry = entries[i]!;
    if (result.status === 'fulfilled') outcome.synced.push({ entry, synced: result.value });
    else outcome.failed ??= { entry, error: result.reason };
  });
  return outcome;
}

/** What a tenant's result counts of its files. */
type Tally = Pick<TenantResult, 'uploaded' | 'skipped' | 'shared' | 'bytes' | 'lines'>;

function count(into: Tally, entry: PlanEntry, action: Action, shared: boolean, deps: PublishDeps): void {
  // Only a dry run prints its plan: a fleet's real publish would make 142,000 lines to drop.
  if (deps.dryRun)
    into.lines.push({
      key: entry.key,
      target: deps.backendFor(entry.location).label,
      action,
      size: entry.size,
      contentType: entry.contentType,
      cacheControl: entry.cacheControl,
    });
  if (action === 'skip') {
    into.skipped++;
    if (shared) into.shared++;
  } else {
    into.uploaded++;
    into.bytes += entry.size;
  }
}

/** The shared group's sync, once for the publish: its phases in order, stopping at the first that failed. */
interface GroupSync {
  /** The tenant that started it: its result counts the uploads, the others' count them as shared. */
  owner: string;
  phases: PhaseOutcome[];
  records: Records;
  /** What the owner's result and every other's count of the group, each worked out once. */
  tallies: Map<boolean, Tally>;
}

function groupTally(group: GroupSync, owner: boolean, deps: PublishDeps): Tally {
  let tally = group.tallies.get(owner);
  if (!tally) {
    tally = { uploaded: 0, skipped: 0, shared: 0, bytes: 0, lines: [] };
    for (const { synced: outcomes } of group.phases) {
      for (const { entry, synced } of outcomes) {
        const uploaded = synced.action === 'upload';
        count(tally, entry, owner ? synced.action : 'skip', uploaded && !owner, deps);
      }
    }
    group.tallies.set(owner, tally);
  }
  return tally;
}

function syncGroup(group: SharedPlan, owner: string, deps: PublishDeps): Promise<GroupSync> {
  let running = deps.groups.get(group.id);
  if (!running) {
    running = (async () => {
      const done: GroupSync = { owner, phases: [], records: new Map(), tallies: new Map() };
      for (const phase of PHASES) {
        const entries = group.entries.filter((e) => e.phase === phase);
        if (!entries.length) continue;
        const outcome = await syncPhase(entries, (entry) => deps.limit(() => sync(entry, deps)));
        done.phases.push(outcome);
        for (const { entry, synced } of outcome.synced)
          if (synced.record) done.records.set(recordId(entry.location, entry.key), synced.record);
        if (outcome.failed) break;
      }
      return done;
    })();
    deps.groups.set(group.id, running);
  }
  return running;
}

export async function publishTenant(plan: TenantPlan, deps: PublishDeps): Promise<TenantResult> {
  const started = performance.now();
  const result: TenantResult = {
    slug: plan.slug,
    status: 'planned',
    uploaded: 0,
    skipped: 0,
    shared: 0,
    bytes: 0,
    seconds: 0,
    version: plan.version,
    lines: [],
    records: new Map(),
  };
  const finish = (status: TenantStatus) => {
    result.status = status;
    result.seconds = Math.round((performance.now() - started) / 10) / 100;
    return result;
  };
  let metaUploaded = false;
  const fail = ({ entry, error }: NonNullable<PhaseOutcome['failed']>) => {
    const backend = deps.backendFor(entry.location);
    result.error = `${entry.key}: ${describeError(error)}`;
    if (backend.isAccessError(error)) result.accessError = backend.describeFailure(error);
    return finish('failed');
  };
  if (plan.shared) {
    const group = await syncGroup(plan.shared, plan.slug, deps);
    result.group = { id: plan.shared.id, records: group.records };
    const tally = groupTally(group, group.owner === plan.slug, deps);
    result.uploaded += tally.uploaded;
    result.skipped += tally.skipped;
    result.shared += tally.shared;
    result.bytes += tally.bytes;
    if (deps.dryRun) result.lines.push(...tally.lines);
    const failed = group.phases.find((p) => p.failed)?.failed;
    if (failed) return fail(failed);
  }
  for (const phase of PHASES) {
    const entries = plan.entries.filter((e) => e.phase === phase);
    const { synced: outcomes, failed } = await syncPhase(entries, (entry) => syncOnce(entry, deps));
    for (const { entry, synced } of outcomes) {
      if (phase === 'meta') metaUploaded = synced.action === 'upload';
      if (synced.record) result.records.set(recordId(entry.location, entry.key), synced.record);
      count(result, entry, synced.action, Boolean(synced.shared), deps);
    }
    if (failed) return fail(failed);
  }
  if (deps.dryRun) return finish('planned');
  // A skipped meta.json holds the built bytes under the ETag they were stored with (or was read and compared):
  // the live version is already checked.
  const problem = metaUploaded ? await verifyLiveVersion(plan, deps) : null;
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
