/**
 * `portal status`: options -> preflight (tenants, storage access) -> act (read every live meta.json, in
 * parallel) -> report. What an ops person runs after a release: per tenant the version built in dist/<slug>/,
 * the version live in storage, and whether they differ (exit 5 when any tenant is not live at its build).
 */
import path from 'node:path';
import { readStamp } from '../lib/bake/status.js';
import { mapLimit } from '../lib/concurrency.js';
import { print, printJson, say, type Context } from '../lib/context.js';
import { CliError, EXIT } from '../lib/errors.js';
import { flag, text, type RawOptions } from '../lib/options.js';
import { table } from '../lib/table.js';
import { createProgress } from '../lib/progress.js';
import { META_FILE } from '../lib/site-layout.js';
import type { Backend } from '../lib/storage/backend.js';
import { createBackendRegistry } from '../lib/storage/backends.js';
import { DEFAULT_RETRY, withRetry } from '../lib/storage/retry.js';
import { resolveLocations } from '../lib/storage/target.js';
import { isValid, loadTenants, relativePath } from '../lib/tenants/index.js';

export interface StatusOptions {
  to?: string;
  endpoint?: string;
  out?: string;
  json?: boolean;
}

export function parseOptions(raw: RawOptions): StatusOptions {
  return {
    to: text(raw, 'to'),
    endpoint: text(raw, 'endpoint'),
    out: text(raw, 'out'),
    json: flag(raw, 'json'),
  };
}

/**
 * current: live at the built version; behind: another version is live; unpublished: no meta.json in storage;
 * not built here: live, with no build in --out to compare it with (another machine or CI built it: nothing is
 * wrong); unbuilt: neither built here nor live; invalid: the tenant's config has errors (its target is unknown).
 */
type State = 'current' | 'behind' | 'unpublished' | 'not built here' | 'unbuilt' | 'invalid';

/** What the command exits 5 for: a tenant not live at its build. A live tenant built elsewhere is not one. */
const FINE: State[] = ['current', 'not built here'];

interface StatusRow {
  slug: string;
  id: number | null;
  built: string | null;
  published: string | null;
  state: State;
}

/** meta.json reads are small GETs: enough in flight to hide the latency, few enough not to be throttled. */
const READ_CONCURRENCY = 16;
const BAR_WIDTH = 24;

const tenantsWord = (count: number): string => `${count} tenant${count === 1 ? '' : 's'}`;

const bar = (done: number, total: number): string => {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
};

/** The version a live meta.json announces; null when there is none (or it announces nothing readable). */
async function liveVersion(backend: Backend, key: string): Promise<string | null> {
  const body = await withRetry(() => backend.get(key), backend.isRetryable, DEFAULT_RETRY);
  if (body === null) return null;
  try {
    const { version } = JSON.parse(body.toString('utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

function stateOf(built: string | null, published: string | null): State {
  if (built === null) return published === null ? 'unbuilt' : 'not built here';
  if (published === null) return 'unpublished';
  return built === published ? 'current' : 'behind';
}

export async function run(options: StatusOptions, ctx: Context): Promise<number> {
  const outDir = path.resolve(ctx.cwd, options.out ?? 'dist');
  const tenants = await loadTenants({ tenantsDir: ctx.tenantsDir, outDir });
  const registry = createBackendRegistry({
    endpoint: options.endpoint,
    env: ctx.env,
    requestTimeoutMs: 30_000,
  });
  try {
    // Locations first: a bad --to or publish.site is a usage error before any request.
    const where = tenants.map((t) =>
      isValid(t) ? resolveLocations(t.slug, t.config.publish, options.to, ctx.cwd).site : null,
    );
    const backends = where.map((site) => (site ? registry.backendFor(site) : null));
    await Promise.all(
      registry.all().map(async (backend) => {
        try {
          await withRetry(() => backend.preflight({ write: false }), backend.isRetryable, DEFAULT_RETRY);
        } catch (error) {
          throw error instanceof CliError ? error : backend.describeFailure(error);
        }
      }),
    );
    const progress = createProgress(ctx);
    let done = 0;
    const reading = `Reading the live ${META_FILE} of ${tenantsWord(tenants.length)}`;
    progress.start(reading);
    const rows = await mapLimit(tenants, READ_CONCURRENCY, async (tenant, i) => {
      const stamp = await readStamp(outDir, tenant.slug);
      const site = where[i];
      const backend = backends[i];
      let row: StatusRow;
      if (!isValid(tenant) || !site || !backend) {
        row = {
          slug: tenant.slug,
          id: null,
          built: stamp?.version ?? null,
          published: null,
          state: 'invalid',
        };
      } else {
        const built = stamp?.version ?? null;
        let published: string | null;
        try {
          published = await liveVersion(backend, `${site.prefix}${META_FILE}`);
        } catch (error) {
          throw backend.describeFailure(error);
        }
        row = { slug: tenant.slug, id: tenant.config.id, built, published, state: stateOf(built, published) };
      }
      progress.update(`${reading} ${bar(++done, tenants.length)}`);
      return row;
    });
    const off = rows.filter((row) => !FINE.includes(row.state));
    await progress.succeed(`Read the live ${META_FILE} of ${tenantsWord(tenants.length)}`);
    if (options.json ?? ctx.json) {
      printJson(ctx, rows);
    } else {
      const cells = rows.map((r) => [r.slug, r.built ?? '-', r.published ?? '-', r.state]);
      for (const line of table([['SLUG', 'BUILT', 'LIVE', 'STATE'], ...cells])) print(ctx, line);
    }
    if (off.length === 0) {
      const elsewhere = rows.filter((row) => row.state === 'not built here').length;
      say(
        ctx,
        elsewhere === 0
          ? `Live at the built version: all ${tenantsWord(rows.length)}.`
          : `Live: all ${tenantsWord(rows.length)}; ${elsewhere} not built in ${relativePath(ctx.cwd, outDir)}/ to compare with.`,
      );
      return EXIT.ok;
    }
    const names = off.map((r) => `${r.slug} (${r.state})`).join(', ');
    say(ctx, `Not live at the built version: ${off.length} of ${tenantsWord(rows.length)}: ${names}.`);
    say(
      ctx,
      'Build and publish them with `portal build` and `portal publish`, then run `portal status` again.',
    );
    return EXIT.partial;
  } finally {
    registry.close();
  }
}
