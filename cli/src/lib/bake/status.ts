import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { computeAppHash, computeTenantHash } from './hash.js';

/** Written by `portal build` as dist/<slug>/.portal-build.json (never published). */
export interface BuildStamp {
  slug: string;
  tenantId: number;
  version: string;
  appHash: string;
  tenantHash: string;
  builtAt: string;
}

export const STAMP_FILE = '.portal-build.json';

export async function readStamp(outDir: string, slug: string): Promise<BuildStamp | null> {
  try {
    return JSON.parse(await readFile(path.join(outDir, slug, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
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
