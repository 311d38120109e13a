import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from '../digest.js';

/**
 * Content hashes that decide when work can be skipped. The app hash covers everything that changes the
 * compiled JavaScript and CSS (app sources, lockfile, the build config, the version); the tenant hash covers
 * everything that changes one tenant's baked files (its folder, the templates, the app hash).
 */

const SKIP_DIRS = new Set(['node_modules', 'dist', '.portal', '.data', 'coverage', 'test-results']);
const isTestFile = (name: string) => /\.test\.[cm]?[jt]sx?$/.test(name);

/**
 * The synchronous calls: a fleet's build hashes every tenant's folder, and as promises each readdir and read
 * queued on libuv's four threads; in a plain loop they cost a few microseconds each.
 */
function listFiles(dir: string, skipTests: boolean): string[] {
  const out: string[] = [];
  function walk(current: string): void {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !(skipTests && entry.name === 'testing')) walk(full);
      } else if (entry.isFile() && !(skipTests && isTestFile(entry.name))) {
        out.push(full);
      }
    }
  }
  walk(dir);
  return out.sort();
}

function hashFiles(root: string, files: string[], extra: string[]): string {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(`${part}\0`);
  for (const file of files) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Files whose content changes the compiled app: app sources (tests excluded), lockfile, build config. */
function appInputs(repoRoot: string): string[] {
  // The schemas the app imports (its colour defaults, its config reader's rules and defaults, the flags, the
  // footer's fields) and the generated files that carry them into its JavaScript: all of contracts/.
  const files = [
    ...listFiles(path.join(repoRoot, 'app'), true),
    ...listFiles(path.join(repoRoot, 'contracts'), true),
  ];
  for (const extra of ['package-lock.json', 'cli/src/lib/bake/vite-config.ts']) {
    files.push(path.join(repoRoot, extra));
  }
  return files;
}

/**
 * The SHA-256 of each app input as last read, by path in the repo, with the file's size, modification and change
 * times and inode then: a file whose stat is the same still holds those bytes, so a warm build reads only the
 * files that changed rather than all 600 (3 MB). The change time cannot be set back by a tool that restores a
 * modification time, and a file modified in the last seconds is not recorded, as a second write within the
 * clock's resolution would not show in its times.
 */
export const INPUT_DIGESTS_FILE = path.join('.portal', 'cache', 'app-input-digests.json');
const SETTLED_NS = 2_000_000_000n;

type Known = Record<string, [stat: string, sha256: string]>;

function readKnown(file: string): Known {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Known) : {};
  } catch {
    return {};
  }
}

/** The app hash over each input's path and digest, re-reading only the inputs whose stat changed. */
export function hashAppInputs(repoRoot: string, version: string): string {
  const file = path.join(repoRoot, INPUT_DIGESTS_FILE);
  const known = readKnown(file);
  const next: Known = {};
  const settled = BigInt(Date.now()) * 1_000_000n - SETTLED_NS;
  let changed = false;
  const hash = createHash('sha256').update(`version=${version}\0`);
  for (const input of appInputs(repoRoot)) {
    const rel = path.relative(repoRoot, input);
    const stat = statSync(input, { bigint: true });
    const stamp = `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`;
    const record = known[rel];
    let digest = Array.isArray(record) && record[0] === stamp ? record[1] : undefined;
    if (typeof digest !== 'string') {
      digest = sha256(readFileSync(input));
      changed = true;
    }
    if (stat.mtimeNs < settled) next[rel] = [stamp, digest];
    else changed = true;
    hash.update(`${rel}\0${digest}\0`);
  }
  if (changed || Object.keys(known).length !== Object.keys(next).length) {
    // Only a cache: a checkout that cannot be written still hashes, reading every file each time.
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
      writeFileSync(tmp, JSON.stringify(next));
      renameSync(tmp, file);
    } catch {
      // Left as it was.
    }
  }
  return hash.digest('hex');
}

// Sources do not change while one command runs: hash them once per process (`portal list` asks per tenant).
const appHashes = new Map<string, Promise<string>>();

export function computeAppHash(repoRoot: string, version: string): Promise<string> {
  const key = `${repoRoot}\0${version}`;
  let hash = appHashes.get(key);
  if (!hash) {
    hash = Promise.resolve().then(() => hashAppInputs(repoRoot, version));
    appHashes.set(key, hash);
  }
  return hash;
}

// The templates are shared by every tenant: their digest is computed once per process.
const templateDigests = new Map<string, Promise<string>>();

function templatesDigest(repoRoot: string): Promise<string> {
  let digest = templateDigests.get(repoRoot);
  if (!digest) {
    digest = Promise.resolve().then(() =>
      hashFiles(repoRoot, listFiles(path.join(repoRoot, 'templates'), false), []),
    );
    templateDigests.set(repoRoot, digest);
  }
  return digest;
}

export async function computeTenantHash(
  repoRoot: string,
  tenantDir: string,
  appHash: string,
): Promise<string> {
  const templates = await templatesDigest(repoRoot);
  return hashFiles(repoRoot, listFiles(tenantDir, false), [`app=${appHash}`, `templates=${templates}`]);
}
