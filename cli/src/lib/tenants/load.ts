import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit, yieldToEventLoop } from '../concurrency.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { lastBuilt } from '../bake/status.js';
import { checkAssets } from './assets.js';
import { themeLocationProblems } from '../storage/theme-location.js';
import { checkContrast } from './contrast.js';
import { checkMailOverrides } from './mail-overrides.js';
import { parseTenantFile } from './parse.js';
import { ProblemSink } from './problem.js';
import { schemaErrors } from './schema.js';
import { SLUG_PATTERN, SLUG_RULE } from './slug.js';
import { didYouMean } from '../../../../contracts/suggest.js';
import type { LoadedTenant, TenantConfig, ValidTenant } from './types.js';

/** Narrows a loaded tenant to one whose config can be baked or published (for filter, find and the like). */
export const isValid = (tenant: LoadedTenant): tenant is ValidTenant => tenant.config !== null;

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface LoadOptions {
  tenantsDir: string;
  /** Tenants to check; empty or absent means every tenant folder. */
  slugs?: string[];
  /** Warnings (such as low contrast) count as errors. */
  strict?: boolean;
  /** The build output folder: its stamps tell which tenant of an id or domain clash had the value first. */
  outDir?: string;
  /**
   * True for a requested tenant whose files were already checked as they are now (publish: the build that
   * validated them hashed the very same files). It is only parsed and checked against the fleet (ids and
   * domains), which a change to another tenant can break; its own checks would find what they found then.
   */
  checkedBefore?: (slug: string, dir: string) => Promise<boolean>;
}

interface Checked {
  slug: string;
  dir: string;
  file: string;
  value: unknown;
  sink: ProblemSink;
}

/** Folder names under tenantsDir; dot-folders (.git, editor state) are not tenants. */
async function tenantFolders(tenantsDir: string): Promise<string[]> {
  try {
    const entries = await readdir(tenantsDir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `The tenants folder ${tenantsDir} ${code === 'ENOENT' ? 'does not exist' : 'cannot be read'}.`,
      {
        exitCode: EXIT.invalidConfig,
        hint: 'Pass the right folder with --tenants-dir, or create a tenant with `portal init <slug>`.',
        cause: error,
      },
    );
  }
}

function requestedSlugs(all: string[], slugs: string[] | undefined): string[] {
  if (!slugs || slugs.length === 0) return all;
  for (const slug of slugs) {
    if (!all.includes(slug)) {
      const guess = didYouMean(slug, all);
      throw usageError(
        `There is no tenant "${slug}"${guess ? `: did you mean "${guess}"?` : '.'}`,
        'Run `portal list` to see the tenants.',
      );
    }
  }
  return [...new Set(slugs)].sort();
}

const YIELD_EVERY = 20;

/** The fields that must be unique across the fleet; a clash's problem (blameClashes) points at one of them. */
const CLASH_FIELDS = ['id', 'domain'] as const;

/** Parses one tenant; the full checks (schema, assets, contrast) only for tenants that were asked for. */
async function checkTenant(
  tenantsDir: string,
  slug: string,
  requested: boolean,
  checkedBefore: LoadOptions['checkedBefore'],
): Promise<Checked> {
  const dir = path.join(tenantsDir, slug);
  const full = requested && !(await checkedBefore?.(slug, dir));
  const file = path.join(dir, 'tenant.json');
  const sink = new ProblemSink(file);
  if (full && !SLUG_PATTERN.test(slug)) {
    sink.add({
      pointer: '',
      keyword: 'slug',
      message: `the folder name "${slug}" ${SLUG_RULE}`,
    });
  }
  const parsed = await parseTenantFile(file, sink);
  if (full && parsed) {
    const errors = schemaErrors(parsed.value);
    for (const error of errors) sink.add(error);
    // The checks beyond the schema still run where the schema found nothing, so one report shows everything.
    const clean = (pointer: string) =>
      !errors.some((e) => e.pointer === pointer || pointer.startsWith(`${e.pointer}/`));
    if (isObject(parsed.value)) {
      const config = parsed.value as TenantConfig;
      await checkAssets(config, dir, sink, clean);
      if (!errors.some((e) => /^\/(theme|brands)(\/|$)/.test(e.pointer))) checkContrast(config, sink);
      // Its own mail templates, checked with the brand they are rendered in.
      if (!errors.some((e) => /^\/(theme|mail)(\/|$)/.test(e.pointer)))
        await checkMailOverrides(config, dir, sink);
      // Where publish puts the theme must be where the baked themeUrl makes the app look for it.
      if (!errors.some((e) => /^\/(themeUrl|publish)(\/|$)/.test(e.pointer))) {
        for (const problem of themeLocationProblems(config)) sink.add(problem);
      }
    }
  }
  // Checked: only a clash can still add a problem, and it needs no other position.
  sink.keepLocations(CLASH_FIELDS.map((field) => `/${field}`));
  return { slug, dir, file, value: parsed?.value, sink };
}

type Built = Awaited<ReturnType<typeof lastBuilt>>;

/** Tenants of the folder that share an id or a domain, which must be unique. */
interface Clash {
  field: 'id' | 'domain';
  value: unknown;
  group: Checked[];
}

function findClashes(checked: Checked[]): Clash[] {
  return CLASH_FIELDS.flatMap((field) => {
    const owners = new Map<unknown, Checked[]>();
    for (const c of checked) {
      const value = (c.value as Record<string, unknown> | undefined)?.[field];
      if (field === 'id' ? !Number.isInteger(value) : typeof value !== 'string') continue;
      owners.set(value, [...(owners.get(value) ?? []), c]);
    }
    return [...owners]
      .filter(([, group]) => group.length > 1)
      .map(([value, group]) => ({ field, value, group }));
  });
}

/** What each tenant of a clash was last built with in outDir; nothing is read when there is no clash. */
async function builtValues(clashes: Clash[], outDir: string | undefined): Promise<Map<string, Built>> {
  if (!outDir) return new Map();
  const slugs = [...new Set(clashes.flatMap(({ group }) => group.map((c) => c.slug)))];
  const values = await Promise.all(slugs.map((slug) => lastBuilt(outDir, slug)));
  return new Map(slugs.map((slug, i) => [slug, values[i]!]));
}

/**
 * A clash is blamed on the tenants that brought it: those whose value is not what they were last built with
 * (their stamps in the output folder), so a new tenant copying acme's domain cannot stop acme's release. Only
 * when no tenant of the clash was built with the value (or several were) are they all refused. Each blamed
 * file names the others.
 */
function blameClashes(
  clashes: Clash[],
  requested: Set<string>,
  tenantsDir: string,
  built: Map<string, Built>,
): void {
  const shown = (c: Checked) => path.join(path.basename(tenantsDir), c.slug, 'tenant.json');
  for (const { field, value, group } of clashes) {
    const holders = group.filter((c) => built.get(c.slug)?.[field] === value);
    const holder = holders.length === 1 ? holders[0] : undefined;
    for (const c of group.filter((entry) => entry !== holder && requested.has(entry.slug))) {
      const others = group
        .filter((other) => other !== c)
        .map(shown)
        .join(', ');
      c.sink.add({
        pointer: `/${field}`,
        keyword: 'unique',
        message: holder
          ? `${field} ${JSON.stringify(value)} is already used by ${others}, which was built with it; give this tenant its own`
          : `${field} ${JSON.stringify(value)} is also used by ${others}; each tenant needs its own`,
      });
    }
  }
}

/**
 * Loads and checks tenants: every problem of every requested file, sorted by slug. Uniqueness is checked
 * against every tenant in the folder, even when only some are requested.
 */
export async function loadTenants(options: LoadOptions): Promise<LoadedTenant[]> {
  const tenantsDir = path.resolve(options.tenantsDir);
  const all = await tenantFolders(tenantsDir);
  const requested = new Set(requestedSlugs(all, options.slugs));
  // Bounded concurrency: hundreds of tenants must not open thousands of files at once.
  const checked = await mapLimit(all, 16, async (slug, i) => {
    // Every few tenants the event loop runs: reads asked for meanwhile (publish's listings) go on.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
    return checkTenant(tenantsDir, slug, requested.has(slug), options.checkedBefore);
  });
  const clashes = findClashes(checked);
  blameClashes(clashes, requested, tenantsDir, await builtValues(clashes, options.outDir));
  return checked
    .filter((c) => requested.has(c.slug))
    .map((c): LoadedTenant => {
      const problems = c.sink.problems
        .map((problem) =>
          options.strict && problem.severity === 'warning'
            ? { ...problem, severity: 'error' as const }
            : problem,
        )
        // tenant.json's problems first, then each mail template's, each file's in order.
        .sort(
          (a, b) =>
            Number(a.file !== c.file) - Number(b.file !== c.file) ||
            a.file.localeCompare(b.file) ||
            a.line - b.line ||
            a.column - b.column,
        );
      const file = { slug: c.slug, dir: c.dir, file: c.file, problems, raw: c.value };
      // The schema passed and nothing else is an error: the value has the shape TenantConfig describes.
      const valid = !problems.some((problem) => problem.severity === 'error');
      return valid ? { ...file, config: c.value as TenantConfig } : { ...file, config: null };
    });
}
