import path from 'node:path';
import { stopAndRemoveOwnWorkFolders } from '../lib/bake/work-folders.js';
import type { CompiledApp } from '../lib/bake/compile.js';
import { checkOutDir } from '../lib/bake/out-dir.js';
import { computeAppHash } from '../lib/bake/hash.js';
import { compileAndBake, type TenantResult } from '../lib/bake/pipeline.js';
import { resolveVersion } from '../lib/bake/version.js';
import { print, printJson, say, type Context } from '../lib/context.js';
import { EXIT, usageError } from '../lib/errors.js';
import { createProgress } from '../lib/progress.js';
import { emptyShardNote, inShard, parseShard } from '../lib/shard.js';
import { formatReport, isValid, loadTenants, relativePath } from '../lib/tenants/index.js';
import { flag, list, text, type RawOptions } from '../lib/options.js';

export interface BuildOptions {
  tenant: string[];
  all?: boolean;
  /** k/n: only the tenants of shard k of n (with --all). */
  shard?: string;
  out: string;
  appVersion?: string;
  force?: boolean;
  /** Print the compile's cache key and build nothing (CI keys its compile cache with it). */
  printCompileHash?: boolean;
  json?: boolean;
}

export function parseOptions(raw: RawOptions): BuildOptions {
  return {
    tenant: list(raw, 'tenant'),
    all: flag(raw, 'all'),
    shard: text(raw, 'shard'),
    out: text(raw, 'out') ?? 'dist',
    appVersion: text(raw, 'appVersion'),
    force: flag(raw, 'force'),
    printCompileHash: flag(raw, 'printCompileHash'),
    json: flag(raw, 'json'),
  };
}

/**
 * Ctrl-C or a stopped CI job: the working folders go at once (the next build would sweep them, but the user
 * looks now), the user hears what became of the output, and the exit code is the shell's 128 + signal number.
 * Returns the function that removes the handlers once the build is over.
 */
function cleanUpOnSignal(ctx: Context, outDir: string, built: string[]): () => void {
  const signals = { SIGINT: 130, SIGTERM: 143 } as const;
  const handlers = Object.entries(signals).map(([signal, code]) => {
    const handler = async () => {
      await stopAndRemoveOwnWorkFolders(outDir);
      const into = `${relativePath(ctx.cwd, outDir)}/`;
      say(
        ctx,
        built.length === 0
          ? `\ninterrupted: nothing of this build was published into ${into}`
          : `\ninterrupted: only ${built.sort().join(', ')} of this build ${built.length === 1 ? 'was' : 'were'} published into ${into}`,
      );
      process.exit(code);
    };
    process.once(signal, handler);
    return () => process.off(signal, handler);
  });
  return () => handlers.forEach((remove) => remove());
}

/**
 * portal build: validate -> compile the shared app once (cached) -> bake each valid tenant. A tenant that fails
 * validation is not built; the others still are (exit 5 when some failed, 3 when every tenant was invalid).
 */
export async function run(options: BuildOptions, ctx: Context): Promise<number> {
  if (options.printCompileHash) {
    // The name of the compile's folder in PORTAL_CACHE_DIR, known before anything is compiled.
    const version = resolveVersion(ctx.repoRoot, options.appVersion);
    const appHash = await computeAppHash(ctx.repoRoot, version);
    if (ctx.json) printJson(ctx, { version, appHash });
    else print(ctx, appHash);
    return EXIT.ok;
  }
  const slugs = options.tenant ?? [];
  if (!options.all && slugs.length === 0) {
    throw usageError('Name the tenants to build with --tenant <slug> (repeatable), or use --all.');
  }
  if (options.all && slugs.length > 0) throw usageError('Use either --tenant or --all, not both.');
  const shard = parseShard(options.shard, options.all);
  const version = resolveVersion(ctx.repoRoot, options.appVersion);
  const outDir = path.resolve(ctx.cwd, options.out);
  await checkOutDir(outDir, (dir) => relativePath(ctx.cwd, dir));
  const progress = createProgress(ctx);
  const started = performance.now();

  // Every tenant is loaded even for a shard: ids and domains must be unique across the whole fleet.
  const loaded = await loadTenants({
    tenantsDir: ctx.tenantsDir,
    slugs: options.all ? undefined : slugs,
    outDir,
  });
  const tenants = inShard(loaded, shard);
  const valid = tenants.filter(isValid);
  const invalid = tenants.filter((t) => t.config === null);
  if (invalid.length > 0 && !ctx.json) {
    ctx.stderr.write(`${formatReport(invalid, { color: ctx.color, codeFrames: ctx.color, cwd: ctx.cwd })}\n`);
  }
  const results: TenantResult[] = invalid.map((t) => ({
    slug: t.slug,
    id: null,
    status: 'invalid',
    out: null,
    ms: 0,
    problems: t.problems.filter((p) => p.severity === 'error').length,
  }));

  let app: CompiledApp | null = null;
  if (valid.length > 0) {
    const built: string[] = [];
    const stopCleanUp = cleanUpOnSignal(ctx, outDir, built);
    const outcome = await compileAndBake({
      repoRoot: ctx.repoRoot,
      cacheRoot: path.resolve(ctx.env.PORTAL_CACHE_DIR ?? path.join(ctx.repoRoot, '.portal', 'cache', 'app')),
      outDir,
      version,
      force: Boolean(options.force),
      tenants: valid,
      progress,
      shown: (dir) => relativePath(ctx.cwd, dir),
      onBuilt: (slug) => built.push(slug),
    }).finally(stopCleanUp);
    app = outcome.app;
    results.push(...outcome.results);
  }

  results.sort((a, b) => a.slug.localeCompare(b.slug));
  const built = results.filter((r) => r.status === 'built');
  const failed = results.filter((r) => r.status !== 'built');
  const seconds = (performance.now() - started) / 1000;
  if (ctx.json) {
    printJson(ctx, {
      version,
      appHash: app?.hash ?? null,
      compiled: app ? !app.cached : false,
      seconds: Number(seconds.toFixed(3)),
      tenants: results,
    });
  }
  if (shard && results.length === 0) {
    say(ctx, emptyShardNote(shard, loaded.length, 'build'));
    return EXIT.ok;
  }
  if (failed.length === 0) {
    say(
      ctx,
      `Built ${built.length} tenant${built.length === 1 ? '' : 's'} in ${seconds.toFixed(2)} s into ${relativePath(ctx.cwd, outDir)}/.`,
    );
    say(ctx, publishStep(options, built));
    return EXIT.ok;
  }
  const names = failed.map((r) => r.slug).join(', ');
  const onlyInvalid = failed.every((r) => r.status === 'invalid');
  if (built.length === 0) {
    say(ctx, `Nothing was built: ${names} ${failed.length === 1 ? 'has' : 'have'} errors.`);
    say(ctx, `Fix them and run \`portal validate\` again.`);
    return onlyInvalid ? EXIT.invalidConfig : EXIT.failure;
  }
  say(ctx, `Built ${built.length} of ${results.length} tenants; not built: ${names}.`);
  say(ctx, 'Fix those tenants and build them again with `portal build --tenant <slug>`.');
  say(ctx, publishStep(options, built));
  return EXIT.partial;
}

/** What comes after a build: publishing what was built, with the same selection and output folder. */
function publishStep(options: BuildOptions, built: TenantResult[]): string {
  const which = options.all
    ? ['--all', ...(options.shard ? ['--shard', options.shard] : [])]
    : built.flatMap((r) => ['--tenant', r.slug]);
  const out = options.out === 'dist' ? [] : ['--out', options.out];
  return `Next: \`portal publish ${[...which, ...out].join(' ')}\` (add --dry-run to see the plan first).`;
}
