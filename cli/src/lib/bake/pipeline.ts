import { mapLimit } from '../concurrency.js';
import { CliError } from '../errors.js';
import type { Progress } from '../progress.js';
import type { ValidTenant } from '../tenants/types.js';
import {
  discardStaged,
  finishTenant,
  loadTemplates,
  prepareShared,
  removeShared,
  stageTenant,
  type StagedTenant,
} from './bake.js';
import { compileApp, type CompiledApp } from './compile.js';
import { prepareCompileAssets, pruneCompileAssets, type CompileAssets } from './compile-assets.js';
import { computeAppHash } from './hash.js';
import { sweepInterrupted } from './work-folders.js';

/** Bakes touch many small files; a few tenants at once keep the file system busy without a pile-up. */
const BAKE_CONCURRENCY = 8;

export interface TenantResult {
  slug: string;
  id: number | null;
  status: 'built' | 'invalid' | 'failed';
  out: string | null;
  ms: number;
  problems: number;
  error?: string;
}

type Staging =
  | { tenant: ValidTenant; staged: StagedTenant; ms: number }
  | { tenant: ValidTenant; staged: null; error: Error };

/**
 * Compile once, bake many. Each tenant's own half (theme, images, favicon, meta.json, stamp) is staged while
 * Vite compiles, so that work fills the time the compile leaves over instead of following it; once the
 * compile is there, each tenant gets its asset links and index.html and is swapped into place.
 */
export async function compileAndBake(options: {
  repoRoot: string;
  cacheRoot: string;
  outDir: string;
  version: string;
  force: boolean;
  tenants: ValidTenant[];
  progress: Progress;
  /** Site folders in messages, relative to where the user is. */
  shown: (dir: string) => string;
  /** Called as each tenant's site is swapped into outDir, so an interrupted build can say which ones were. */
  onBuilt?: (slug: string) => void;
}): Promise<{ app: CompiledApp; results: TenantResult[] }> {
  const { repoRoot, outDir, version, progress } = options;
  const [appHash, templates, shared] = await Promise.all([
    computeAppHash(repoRoot, version),
    loadTemplates(repoRoot),
    sweepInterrupted(outDir).then(() => prepareShared(outDir, version)),
  ]);
  try {
    progress.start(`Compiling the app (version ${version})`);
    const compiling = compileApp({ repoRoot, cacheRoot: options.cacheRoot, version, force: options.force });
    const staging = mapLimit(options.tenants, BAKE_CONCURRENCY, async (tenant): Promise<Staging> => {
      const t0 = performance.now();
      try {
        const staged = await stageTenant({
          repoRoot,
          slug: tenant.slug,
          tenantDir: tenant.dir,
          config: tenant.config,
          outDir,
          version,
          appHash,
          templates,
          shared,
        });
        return { tenant, staged, ms: performance.now() - t0 };
      } catch (error) {
        return { tenant, staged: null, error: error as Error };
      }
    });
    const discardAll = async () =>
      Promise.all((await staging).map((s) => (s.staged ? discardStaged(s.staged) : undefined)));
    let app: CompiledApp;
    try {
      app = await compiling;
    } catch (error) {
      await discardAll();
      await progress.fail('Compiling the app failed');
      throw new CliError(`The app did not compile: ${(error as Error).message}`, {
        hint: 'Fix the error above (run `npm run typecheck`) and build again.',
        cause: error,
      });
    }
    await progress.succeed(
      app.cached
        ? `App compile reused from cache (${app.hash.slice(0, 12)})`
        : `App compiled in ${(app.ms / 1000).toFixed(2)} s (${app.hash.slice(0, 12)})`,
    );
    const failed = (s: Staging, message: string): TenantResult => {
      progress.line(`✖ ${s.tenant.slug}: ${message}`);
      const id = s.tenant.config.id;
      return { slug: s.tenant.slug, id, status: 'failed', out: null, ms: 0, problems: 0, error: message };
    };
    let assets: CompileAssets;
    try {
      assets = prepareCompileAssets(outDir, app);
    } catch (error) {
      await discardAll();
      throw error;
    }
    const results = await mapLimit(await staging, BAKE_CONCURRENCY, async (s): Promise<TenantResult> => {
      if (!s.staged) return failed(s, s.error.message);
      const t0 = performance.now();
      try {
        const { dir } = await finishTenant(s.staged, app, assets);
        options.onBuilt?.(s.tenant.slug);
        // Whole milliseconds: finer digits are timer noise, and --json readers expect an integer.
        const ms = Math.round(s.ms + performance.now() - t0);
        progress.line(`✔ ${s.tenant.slug} -> ${options.shown(dir)} (${ms} ms)`);
        return { slug: s.tenant.slug, id: s.tenant.config.id, status: 'built', out: dir, ms, problems: 0 };
      } catch (error) {
        return failed(s, (error as Error).message);
      }
    });
    pruneCompileAssets(outDir, assets.name);
    return { app, results };
  } finally {
    await removeShared(shared);
  }
}
