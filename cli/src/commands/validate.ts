import { print, printJson, say, type Context } from '../lib/context.js';
import { EXIT } from '../lib/errors.js';
import { formatReport, formatSummary, loadTenants, relativePath } from '../lib/tenants/index.js';
import path from 'node:path';
import { flag, list, text, type RawOptions } from '../lib/options.js';

export interface ValidateOptions {
  tenant?: string[];
  /** The build output folder (default dist): who was built with a clashing id or domain keeps it. */
  out?: string;
  strict?: boolean;
  json?: boolean;
}

export function parseOptions(raw: RawOptions): ValidateOptions {
  return {
    tenant: list(raw, 'tenant'),
    strict: flag(raw, 'strict'),
    out: text(raw, 'out'),
    json: flag(raw, 'json'),
  };
}

/**
 * `portal validate [--tenant <slug>]... [--strict] [--json]`: every problem of every requested tenant at once.
 * Exit 0 when all are valid (warnings allowed unless --strict), 3 when any has an error.
 */
export async function run(options: ValidateOptions, ctx: Context): Promise<number> {
  const tenants = await loadTenants({
    tenantsDir: ctx.tenantsDir,
    slugs: options.tenant,
    strict: options.strict,
    outDir: path.resolve(ctx.cwd, options.out ?? 'dist'),
  });
  const json = options.json ?? ctx.json;
  if (json) {
    // The machine report is exactly one array; paths relative to where the command ran, like the human one.
    printJson(
      ctx,
      tenants.flatMap((tenant) =>
        tenant.problems.map((problem) => ({ ...problem, file: relativePath(ctx.cwd, problem.file) })),
      ),
    );
  } else {
    // The report is the result: on stdout, with colour and code frames only when that is a terminal.
    const report = formatReport(tenants, {
      color: ctx.colorStdout,
      codeFrames: Boolean(ctx.stdout.isTTY),
      cwd: ctx.cwd,
    });
    if (report) print(ctx, report);
  }
  // The closing line belongs to the report; beside --json it is a log line, on stderr.
  (json ? say : print)(
    ctx,
    tenants.length === 0
      ? `No tenants in ${relativePath(ctx.cwd, ctx.tenantsDir)}: create one with \`portal init <slug>\`.`
      : formatSummary(tenants, json ? ctx.color : ctx.colorStdout),
  );
  return tenants.some((tenant) => tenant.config === null) ? EXIT.invalidConfig : EXIT.ok;
}
