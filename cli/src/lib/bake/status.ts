import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Digest } from '../digest.js';
import { INDEX_FILE } from '../site-layout.js';
import { computeAppHash, computeTenantHash } from './hash.js';

/** Written by `portal build` as dist/<slug>/.portal-build.json (never published). */
export interface BuildStamp {
  slug: string;
  tenantId: number;
  /** Absent in stamps written before it was recorded: the baked index.html says it then (lastBuilt). */
  domain?: string;
  version: string;
  appHash: string;
  tenantHash: string;
  builtAt: string;
  /**
   * Every file of the site but its assets (those are the compile's, listed in its assets folder's digests), by
   * path in the site, with the size and SHA-256 the bake wrote. Absent in stamps written before it was recorded:
   * such a build is built again before it is published.
   */
  files?: Record<string, Digest>;
}

export const STAMP_FILE = '.portal-build.json';

// Read synchronously: a fleet's publish reads 1,000 small stamps, which as promises queue on libuv's four threads.
export async function readStamp(outDir: string, slug: string): Promise<BuildStamp | null> {
  try {
    return JSON.parse(readFileSync(path.join(outDir, slug, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/**
 * The id and domain dist/<slug>/ was last built with: what the stamp records, the domain from the config baked
 * into index.html when the stamp predates it. Null when the tenant was never built there.
 */
export async function lastBuilt(
  outDir: string,
  slug: string,
): Promise<{ id: number; domain: string | null } | null> {
  const stamp = await readStamp(outDir, slug);
  if (stamp?.slug !== slug || !Number.isInteger(stamp.tenantId)) return null;
  if (typeof stamp.domain === 'string') return { id: stamp.tenantId, domain: stamp.domain };
  const html = await readFile(path.join(outDir, slug, INDEX_FILE), 'utf8').catch(() => '');
  const baked = /<script type="application\/json" id="portal-config">(.*?)<\/script>/s.exec(html)?.[1];
  let domain: unknown = null;
  try {
    domain = baked ? (JSON.parse(baked) as { domain?: unknown }).domain : null;
  } catch {
    // A damaged page records nothing.
  }
  return { id: stamp.tenantId, domain: typeof domain === 'string' ? domain : null };
}

/**
 * Whether the tenant's files and the templates are still the ones its build hashed (and validated): the stamp's
 * tenant hash, computed again over the same compile.
 */
export async function sourcesAsBuilt(
  repoRoot: string,
  tenantDir: string,
  stamp: BuildStamp,
): Promise<boolean> {
  return (await computeTenantHash(repoRoot, tenantDir, stamp.appHash)) === stamp.tenantHash;
}

export type BuildState = 'current' | 'stale' | 'missing';

/** Whether dist/<slug>/ holds a build of the current sources, tenant files and version. */
export async function buildState(
  repoRoot: string,
  outDir: string,
  slug: string,
  tenantDir: string,
  version: string,
): Promise<{ state: BuildState; stamp: BuildStamp | null }> {
  const stamp = await readStamp(outDir, slug);
  if (!stamp) return { state: 'missing', stamp };
  const appHash = await computeAppHash(repoRoot, version);
  if (stamp.appHash !== appHash || stamp.version !== version) return { state: 'stale', stamp };
  const tenantHash = await computeTenantHash(repoRoot, tenantDir, appHash);
  return { state: stamp.tenantHash === tenantHash ? 'current' : 'stale', stamp };
}
