import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { escapePointer, type ProblemSink } from './problem.js';
import { didYouMean } from '../../../../contracts/suggest.js';
import type { Assets, BrandConfig, TenantConfig } from './types.js';

/** Each image is published as is; 2 MB is far above any sensible logo and keeps builds small. */
const MAX_ASSET_BYTES = 2 * 1024 * 1024;

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, i) => buffer[offset + i] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** Magic bytes per extension: a file must be what its name says, or browsers and CDNs will mislabel it. */
const SIGNATURES: Record<string, { label: string; matches: (head: Buffer) => boolean }> = {
  png: { label: 'a PNG', matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { label: 'a JPEG', matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  jpeg: { label: 'a JPEG', matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  webp: { label: 'a WebP', matches: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) },
  ico: { label: 'an ICO', matches: (h) => startsWith(h, [0x00, 0x00, 0x01, 0x00]) },
};

/**
 * An SVG is a document that can carry script. It is served from the portal's own origin, so a scripted one is
 * rejected outright: script elements, on* event attributes, javascript: links and entity declarations.
 */
function svgProblem(text: string): string | null {
  if (!/<svg[\s>]/i.test(text)) return 'is not an SVG image (no <svg> element)';
  if (/<script[\s>/]/i.test(text)) return 'is a scripted SVG (<script>); remove the script';
  if (/[\s"'/]on[a-z]+\s*=/i.test(text)) return 'is a scripted SVG (an on... event attribute); remove it';
  if (/javascript\s*:/i.test(text)) return 'is a scripted SVG (a javascript: link); remove it';
  if (/<!ENTITY/i.test(text)) return 'declares XML entities, which are not allowed in an SVG';
  return null;
}

/** Every local asset reference with its pointer: the theme's and each brand's. */
function assetReferences(config: TenantConfig): { pointer: string; value: string }[] {
  const refs: { pointer: string; value: string }[] = [];
  const collect = (assets: Assets | undefined, base: string) => {
    for (const [key, value] of Object.entries(assets ?? {})) {
      if (typeof value === 'string' && !/^https:\/\//.test(value))
        refs.push({ pointer: `${base}/${key}`, value });
    }
  };
  collect(config.theme?.assets, '/theme/assets');
  for (const [brand, entry] of Object.entries(config.brands ?? {})) {
    collect((entry as BrandConfig | null)?.assets, `/brands/${escapePointer(brand)}/assets`);
  }
  return refs;
}

function readHead(file: string, size: number, whole: boolean): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(whole ? size : Math.min(size, 16));
    readSync(fd, buffer, 0, buffer.length, 0);
    return buffer;
  } finally {
    closeSync(fd);
  }
}

type AssetProblem = string | { message: string; suggestion: string } | null;

/**
 * The problem with one asset file, or null when it is a real image of its kind inside the tenant folder, read
 * with the synchronous calls (a fleet's thousands of images cost a few microseconds each that way, not a trip
 * through libuv's four threads). A did-you-mean comes with its file name apart, so --json carries it as the
 * problem's suggestion.
 */
async function assetProblem(tenantDir: string, realDir: string, relative: string): Promise<AssetProblem> {
  const file = path.resolve(tenantDir, relative);
  if (!file.startsWith(tenantDir + path.sep)) return 'must stay inside the tenant folder';
  let real: string;
  try {
    real = realpathSync.native(file);
  } catch {
    const names = await readdir(tenantDir).catch(() => [] as string[]);
    const guess = didYouMean(relative, names);
    const missing = 'does not exist in the tenant folder';
    return guess ? { message: `${missing}: did you mean "${guess}"?`, suggestion: guess } : missing;
  }
  // A symlink may point anywhere; what counts is where it resolves.
  if (!real.startsWith(realDir + path.sep))
    return 'resolves (through a symlink) to a file outside the tenant folder';
  const info = statSync(real);
  if (!info.isFile()) return 'is not a regular file';
  if (info.size > MAX_ASSET_BYTES) {
    return `is ${(info.size / 1024 / 1024).toFixed(1)} MB; an image may be at most 2 MB`;
  }
  const extension = path.extname(relative).slice(1).toLowerCase();
  if (extension === 'svg') return svgProblem(readHead(real, info.size, true).toString('utf8'));
  const signature = SIGNATURES[extension];
  if (signature && !signature.matches(readHead(real, info.size, false))) {
    return `is not ${signature.label} file (its first bytes say otherwise), although its name ends in .${extension}`;
  }
  return null;
}

/** Checks every local asset reference that `include` lets through (those the schema found no fault with). */
export async function checkAssets(
  config: TenantConfig,
  tenantDir: string,
  sink: ProblemSink,
  include: (pointer: string) => boolean = () => true,
): Promise<void> {
  const refs = assetReferences(config).filter((ref) => include(ref.pointer));
  if (refs.length === 0) return;
  const realDir = realpathSync.native(tenantDir);
  const results = await Promise.all(refs.map((ref) => assetProblem(tenantDir, realDir, ref.value)));
  results.forEach((problem, i) => {
    const ref = refs[i];
    if (!problem || !ref) return;
    const { message, suggestion } = typeof problem === 'string' ? { message: problem } : problem;
    sink.add({ pointer: ref.pointer, keyword: 'asset', message: `"${ref.value}" ${message}`, suggestion });
  });
}
