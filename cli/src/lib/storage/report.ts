/**
 * Human output of `portal publish`. A dry run's plan is the command's result, on stdout (unless --json holds
 * stdout); a real publish's lines report progress, on stderr.
 */
import { print, say, type Context } from '../context.js';
import type { TenantResult } from './publisher.js';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function printPlan(ctx: Context, result: TenantResult): void {
  print(ctx, `${result.slug} ${result.version}:`);
  for (const line of result.lines) {
    const size = formatBytes(line.size).padStart(9);
    print(
      ctx,
      `  ${line.action.padEnd(6)} ${size}  ${line.key}  [${line.contentType}; ${line.cacheControl}]  -> ${line.target}`,
    );
  }
}

/**
 * ", 60 shared assets uploaded by another tenant": why a tenant of a first shared-assets release uploads so few
 * files (they are not unchanged: another tenant of this publish took them up, once for all).
 */
function sharedPart(result: TenantResult, dryRun: boolean): string {
  if (!result.shared) return '';
  const assets = `${result.shared} shared asset${result.shared === 1 ? '' : 's'}`;
  return dryRun ? `, ${assets} another tenant uploads` : `, ${assets} uploaded by another tenant`;
}

function describe(result: TenantResult, dryRun: boolean): string {
  const unchanged = `${result.skipped - result.shared} unchanged`;
  const files = `${result.uploaded} uploaded (${formatBytes(result.bytes)})${sharedPart(result, dryRun)}, ${unchanged}`;
  switch (result.status) {
    case 'published':
      return `ok   ${result.slug} ${result.version}: ${files} in ${result.seconds} s`;
    case 'unchanged':
      return `ok   ${result.slug} ${result.version}: unchanged, nothing uploaded (${result.skipped} files already current)`;
    case 'planned':
      return `plan ${result.slug} ${result.version}: ${result.uploaded} to upload (${formatBytes(result.bytes)})${sharedPart(result, dryRun)}, ${unchanged}`;
    case 'failed':
      return dryRun
        ? `fail ${result.slug}: ${result.error}`
        : `fail ${result.slug}: ${result.error}. Its index.html and meta.json were not updated, so the live site still serves the previous release; run the same command again to finish.`;
  }
}

/** One tenant, as soon as it is done: with 100 tenants the output moves while the publish runs. */
export function printTenant(
  ctx: Context,
  result: TenantResult,
  options: { dryRun: boolean; json: boolean },
): void {
  if (options.dryRun && !options.json) printPlan(ctx, result);
  (options.dryRun && !options.json ? print : say)(ctx, describe(result, options.dryRun));
}

export function printTotals(
  ctx: Context,
  results: TenantResult[],
  options: { dryRun: boolean; json: boolean },
): void {
  const { dryRun } = options;
  const uploaded = results.reduce((n, r) => n + r.uploaded, 0);
  const bytes = results.reduce((n, r) => n + r.bytes, 0);
  const failed = results.filter((r) => r.status === 'failed').length;
  if (dryRun)
    (options.json ? say : print)(
      ctx,
      `Dry run: ${uploaded} files (${formatBytes(bytes)}) would be uploaded; nothing was written.`,
    );
  else if (!failed && !uploaded) say(ctx, 'Everything is already published: nothing uploaded.');
  else
    say(
      ctx,
      `${results.length - failed} of ${results.length} tenant${results.length === 1 ? '' : 's'} published, ${uploaded} file${uploaded === 1 ? '' : 's'} (${formatBytes(bytes)}) uploaded.`,
    );
}
