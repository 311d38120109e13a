import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildState, type BuildState } from '../lib/bake/status.js';
import { print, printJson, say, type Context } from '../lib/context.js';
import { EXIT } from '../lib/errors.js';
import { loadTenants, type LoadedTenant } from '../lib/tenants/index.js';
import { flag, text, type RawOptions } from '../lib/options.js';
import { table } from '../lib/table.js';

export interface ListOptions {
  out?: string;
  json?: boolean;
}

export function parseOptions(raw: RawOptions): ListOptions {
  return { out: text(raw, 'out'), json: flag(raw, 'json') };
}

interface ListRow {
  slug: string;
  id: number | null;
  name: string | null;
  domain: string | null;
  /** Whether dist/<slug>/ holds a build of the current sources, tenant files and version. */
  build: BuildState;
  valid: boolean;
  /** Errors and warnings, so a broken tenant is listed rather than crashing the list. */
  problems: number;
}

async function packageVersion(repoRoot: string): Promise<string> {
  return (JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** id, name and domain, read from the raw file when the tenant is invalid, if they have the right type. */
function shown(tenant: LoadedTenant): Pick<ListRow, 'id' | 'name' | 'domain'> {
  const raw = (typeof tenant.raw === 'object' && tenant.raw !== null ? tenant.raw : {}) as Record<
    string,
    unknown
  >;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: Number.isInteger(raw.id) ? (raw.id as number) : null,
    name: text(raw.name),
    domain: text(raw.domain),
  };
}

/** `portal list [--out dir] [--json]`: every tenant with id, name, domain and whether its build is current. */
export async function run(options: ListOptions, ctx: Context): Promise<number> {
  const outDir = path.resolve(ctx.cwd, options.out ?? 'dist');
  const tenants = await loadTenants({ tenantsDir: ctx.tenantsDir, outDir });
  const version = await packageVersion(ctx.repoRoot);
  const rows: ListRow[] = await Promise.all(
    tenants.map(async (tenant) => ({
      slug: tenant.slug,
      ...shown(tenant),
      build: (await buildState(ctx.repoRoot, outDir, tenant.slug, tenant.dir, version)).state,
      valid: tenant.config !== null,
      problems: tenant.problems.length,
    })),
  );
  if (options.json ?? ctx.json) {
    printJson(ctx, rows);
    return EXIT.ok;
  }
  if (rows.length === 0) {
    say(ctx, `No tenants in ${ctx.tenantsDir}. Create one with \`portal init <slug>\`.`);
    return EXIT.ok;
  }
  const cells = rows.map((row) => [
    row.slug,
    row.id === null ? '-' : String(row.id),
    row.name ?? '-',
    row.domain ?? '-',
    row.build,
    row.valid ? '' : `invalid (${row.problems} problem${row.problems === 1 ? '' : 's'})`,
  ]);
  for (const line of table([['SLUG', 'ID', 'NAME', 'DOMAIN', 'BUILD', ''], ...cells])) print(ctx, line);
  const invalid = rows.filter((row) => !row.valid).length;
  if (invalid > 0) say(ctx, `\n${invalid} invalid: run \`portal validate\` for the details.`);
  return EXIT.ok;
}
