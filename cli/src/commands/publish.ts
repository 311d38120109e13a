/**
 * `portal publish`: options -> preflight (tenants, builds, plans, storage access) -> act (upload phase by
 * phase) -> report. The work is in lib/storage; this file decides what to publish and what the exit code is.
 */
import path from 'node:path';
import { computeAppHash } from '../lib/bake/hash.js';
import { readStamp, sourcesAsBuilt, type BuildStamp } from '../lib/bake/status.js';
import { mapLimit, yieldToEventLoop } from '../lib/concurrency.js';
import { say, printJson, type Context } from '../lib/context.js';
import { CliError, EXIT, usageError } from '../lib/errors.js';
import { createBackendRegistry, type BackendRegistry } from '../lib/storage/backends.js';
import { writeReleaseManifests } from '../lib/storage/manifest-writer.js';
import { planTenant, type SharedGroups, type TenantPlan } from '../lib/storage/plan.js';
import { publishTenant, type TenantResult } from '../lib/storage/publisher.js';
import { printTenant, printTotals } from '../lib/storage/report.js';
import { createLimiter, DEFAULT_RETRY, withRetry, type RetryPolicy } from '../lib/storage/retry.js';
import { emptyShardNote, inShard, parseShard, type Shard } from '../lib/shard.js';
import {
  planned,
  readAhead,
  readStoredState,
  type ReadAhead,
  type StoredStateDeps,
} from '../lib/storage/stored-state.js';
import { defaultLayout, resolveLocations } from '../lib/storage/target.js';
import { themeLocationProblems } from '../lib/storage/theme-location.js';
import { isValid, loadTenants, type LoadedTenant, type ValidTenant } from '../lib/tenants/index.js';
import { flag, list, text, whole, type RawOptions } from '../lib/options.js';

const TENANT_CONCURRENCY = 64;

export interface PublishOptions {
  tenant?: string[];
  all?: boolean;
  /** k/n: only the tenants of shard k of n (with --all). */
  shard?: string;
  to?: string;
  endpoint?: string;
  out?: string;
  dryRun?: boolean;
  sharedAssets?: boolean;
  concurrency?: number;
  retries?: number;
  requestTimeout?: number;
  json?: boolean;
  /** Not a flag: tests and the bench shorten the backoff with it. */
  retryBaseMs?: number;
}

export function parseOptions(raw: RawOptions): PublishOptions {
  return {
    tenant: list(raw, 'tenant'),
    all: flag(raw, 'all'),
    shard: text(raw, 'shard'),
    to: text(raw, 'to'),
    endpoint: text(raw, 'endpoint'),
    out: text(raw, 'out'),
    dryRun: flag(raw, 'dryRun'),
    sharedAssets: flag(raw, 'sharedAssets'),
    concurrency: whole(raw, 'concurrency'),
    retries: whole(raw, 'retries'),
    requestTimeout: whole(raw, 'requestTimeout'),
    json: flag(raw, 'json'),
  };
}

/** A tenant's build stamp, and whether its files are still the ones that build hashed and validated. */
interface Built {
  stamp: BuildStamp | null;
  asBuilt: boolean;
}

/**
 * A build whose tenant id differs from tenant.json would put the theme where the app does not look: refused.
 * One older than its sources (app or tenant files changed since) is published as built, with a warning.
 */
async function checkBuilds(ctx: Context, tenants: ValidTenant[], built: Built[]) {
  const stamps = built.map((b) => b.stamp!);
  const moved = tenants.filter((t, i) => t.config.id !== stamps[i]!.tenantId).map((t) => t.slug);
  if (moved.length) {
    throw new CliError(`The build of ${moved.join(', ')} has another tenant id than its tenant.json.`, {
      hint: `Run \`portal build ${moved.map((s) => `--tenant ${s}`).join(' ')}\` again.`,
    });
  }
  // The tenant hash mixes in the compile's hash: files as built and the same compile is a current build.
  const stale = await Promise.all(
    built.map(
      async ({ asBuilt, stamp }) =>
        !asBuilt || stamp!.appHash !== (await computeAppHash(ctx.repoRoot, stamp!.version)),
    ),
  );
  tenants.forEach((t, i) => {
    if (!stale[i]) return;
    say(
      ctx,
      `warning: ${t.slug}: the build is older than its sources; run \`portal build --tenant ${t.slug}\` to publish them.`,
    );
  });
}

interface Planned {
  plans: TenantPlan[];
  shard: Shard | undefined;
  invalid: LoadedTenant[];
  ahead?: ReadAhead;
}

async function planAll(options: PublishOptions, ctx: Context, deps: StoredStateDeps): Promise<Planned> {
  const slugs = options.tenant ?? [];
  if (options.all && slugs.length) throw usageError('Use either --all or --tenant, not both.');
  if (!options.all && !slugs.length)
    throw usageError('Name the tenants to publish with --tenant <slug>, or use --all.');
  const shard = parseShard(options.shard, options.all);
  // --all --to: every tenant in the default layout under one root, so what the publish lists and reads is known
  // now; the store answers while the tenants are read and planned. Only reads: nothing is written before the
  // plans and the preflight.
  let ahead: ReadAhead | undefined;
  if (options.all && options.to) {
    const { sites, themes, assets } = defaultLayout(options.to, ctx.cwd, options.sharedAssets);
    ahead = readAhead([sites, themes, ...(assets ? [assets] : [])], [sites], deps);
  }
  const outDir = path.resolve(ctx.cwd, options.out ?? 'dist');
  // Each tenant's stamp is read once, as it is loaded: a tenant whose files are the ones its build hashed was
  // validated by that build, so the load checks it only against the fleet (ids and domains).
  const builds = new Map<string, Built>();
  const checkedBefore = async (slug: string, dir: string) => {
    const stamp = await readStamp(outDir, slug);
    const asBuilt = stamp?.slug === slug && (await sourcesAsBuilt(ctx.repoRoot, dir, stamp));
    builds.set(slug, { stamp, asBuilt });
    return asBuilt;
  };
  const fleet = await loadTenants({
    tenantsDir: ctx.tenantsDir,
    slugs: options.all ? undefined : slugs,
    outDir,
    checkedBefore,
  });
  const loaded = inShard(fleet, shard);
  if (shard && loaded.length === 0) say(ctx, emptyShardNote(shard, fleet.length, 'publish'));
  const tenants = loaded.filter(isValid);
  const invalid = loaded.filter((t) => !isValid(t));
  // One tenant's broken config (a new tenant copying a live one's domain) does not hold back the others: they
  // are published and the command exits 5 naming it. Only when nothing is left to publish is it a failure.
  if (invalid.length && !tenants.length) {
    throw new CliError(`The config of ${invalid.map((t) => t.slug).join(', ')} is invalid.`, {
      exitCode: EXIT.invalidConfig,
      hint: validateHint(invalid),
    });
  }
  for (const { slug, config } of tenants) {
    // With --to the default layout applies, whatever publish.theme says.
    const where = options.to ? { themeUrl: config.themeUrl } : config;
    for (const problem of themeLocationProblems(where)) say(ctx, `warning: ${slug}: ${problem.message}.`);
  }
  const built = tenants.map((t) => builds.get(t.slug)!);
  const stamps = built.map((b) => b.stamp);
  const unbuilt = tenants.filter((t, i) => stamps[i]?.slug !== t.slug).map((t) => t.slug);
  if (unbuilt.length) {
    throw new CliError(`No build of ${unbuilt.join(', ')} in ${outDir}.`, {
      hint: `Run \`portal build ${unbuilt.map((s) => `--tenant ${s}`).join(' ')}\` first${options.out ? ` (with --out ${options.out})` : ''}.`,
    });
  }
  await checkBuilds(ctx, tenants, built);
  const groups: SharedGroups = new Map();
  const plans: TenantPlan[] = [];
  for (const [i, t] of tenants.entries()) {
    // The listing pages asked for above come in meanwhile: each asks for the next as it is read.
    if (i % 50 === 49) await yieldToEventLoop();
    const locations = resolveLocations(t.slug, t.config.publish, options.to, ctx.cwd, options.sharedAssets);
    plans.push(planTenant(outDir, stamps[i]!, locations, groups));
  }
  return { plans, shard, invalid, ahead };
}

const validateHint = (invalid: LoadedTenant[]) =>
  `Run \`portal validate ${invalid.map((t) => `--tenant ${t.slug}`).join(' ')}\` and fix the problems it reports.`;

/** Checks every target once before any upload: a wrong bucket or missing credentials fail fast with exit 4. */
async function preflight(
  plans: TenantPlan[],
  registry: BackendRegistry,
  retry: RetryPolicy,
  write: boolean,
): Promise<void> {
  for (const [, entry] of planned(plans)) registry.backendFor(entry.location);
  await Promise.all(
    registry.all().map(async (backend) => {
      try {
        await withRetry(
          () => backend.preflight({ write }),
          (e) => backend.isRetryable(e),
          retry,
        );
      } catch (error) {
        throw error instanceof CliError ? error : backend.describeFailure(error);
      }
    }),
  );
}

/**
 * A dry run needs the same read access as a publish: it compares every file with what the target holds to tell
 * what would be uploaded and what is unchanged. Said plainly, with the way to see the plan without access.
 */
function dryRunReadsStorage(error: CliError): CliError {
  return new CliError(
    `${error.message} A dry run reads the target too: it compares each file with what is stored there to tell what would be uploaded.`,
    {
      exitCode: error.exitCode,
      hint: `${error.hint ?? ''} To see every file and its headers without access, dry-run to an empty folder: --to <dir>.`.trim(),
      cause: error,
    },
  );
}

function exitCodeOf(results: TenantResult[], invalid: LoadedTenant[]): number {
  const failed = results.filter((r) => r.status === 'failed');
  if (!failed.length) return invalid.length ? EXIT.partial : EXIT.ok;
  if (failed.some((r) => r.accessError !== undefined)) return EXIT.storage;
  return failed.length < results.length ? EXIT.partial : EXIT.failure;
}

export async function run(options: PublishOptions, ctx: Context): Promise<number> {
  const retry: RetryPolicy = {
    ...DEFAULT_RETRY,
    retries: options.retries ?? DEFAULT_RETRY.retries,
    baseMs: options.retryBaseMs ?? DEFAULT_RETRY.baseMs,
  };
  const registry = createBackendRegistry({
    endpoint: options.endpoint,
    env: ctx.env,
    requestTimeoutMs: options.requestTimeout ?? 30_000,
  });
  try {
    const limit = createLimiter(options.concurrency ?? 8);
    const { plans, shard, invalid, ahead } = await planAll(options, ctx, {
      backendFor: registry.backendFor,
      limit,
      retry,
    });
    // An empty shard: nothing to read or write, and no totals that would claim everything is published.
    if (plans.length === 0) {
      if (options.json || ctx.json) printJson(ctx, []);
      return EXIT.ok;
    }
    await preflight(plans, registry, retry, !options.dryRun).catch((error: unknown) => {
      throw options.dryRun && error instanceof CliError && error.exitCode === EXIT.storage
        ? dryRunReadsStorage(error)
        : error;
    });
    const dryRun = Boolean(options.dryRun);
    const stored = await readStoredState(plans, { backendFor: registry.backendFor, limit, retry }, ahead);
    const onRetry = (key: string, error: unknown, attempt: number, delay: number) => {
      if (ctx.debug)
        say(ctx, `  retry ${attempt} of ${key} in ${delay} ms: ${String((error as Error)?.name ?? error)}`);
    };
    const json = Boolean(options.json || ctx.json);
    const groups = new Map();
    // Tenants in flight are bounded too (their files wait on `limit` either way): 10,000 tenants started at
    // once would each hold a phase's worth of pending work.
    const results = await mapLimit(plans, TENANT_CONCURRENCY, async (plan) => {
      const result = await publishTenant(plan, {
        backendFor: registry.backendFor,
        limit,
        retry,
        dryRun,
        stored,
        groups,
        onRetry,
      });
      printTenant(ctx, result, { dryRun, json });
      return result;
    });
    if (!dryRun) {
      const deps = {
        backendFor: registry.backendFor,
        limit,
        retry,
        stored,
        shard,
        wholeFleet: !!options.all,
      };
      for (const problem of await writeReleaseManifests(plans, results, deps))
        say(ctx, `warning: ${problem}.`);
    }
    printTotals(ctx, results, { dryRun, json });
    if (invalid.length) {
      say(ctx, `Not published, invalid config: ${invalid.map((t) => t.slug).join(', ')}.`);
      say(ctx, validateHint(invalid));
    }
    if (json) {
      printJson(ctx, [
        ...results.map(({ lines, accessError: _a, records: _r, group: _g, ...summary }) =>
          dryRun ? { ...summary, plan: lines } : summary,
        ),
        ...invalid.map((t) => ({ slug: t.slug, status: 'invalid' })),
      ]);
    }
    const accessFailure = results.find((r) => r.accessError);
    if (accessFailure?.accessError) throw accessFailure.accessError;
    return exitCodeOf(results, invalid);
  } finally {
    registry.close();
  }
}
