import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
  // footer's fields) and the generated files that carry them into its JavaScript: all of schemas/.
  const files = [
    ...listFiles(path.join(repoRoot, 'app'), true),
    ...listFiles(path.join(repoRoot, 'schemas'), true),
  ];
  for (const extra of ['package-lock.json', 'cli/src/lib/bake/vite-config.ts']) {
    files.push(path.join(repoRoot, extra));
  }
  return files;
}

// Sources do not change while one command runs: hash them once per process (`portal list` asks per tenant).
const appHashes = new Map<string, Promise<string>>();

export function computeAppHash(repoRoot: string, version: string): Promise<string> {
  const key = `${repoRoot}\0${version}`;
  let hash = appHashes.get(key);
  if (!hash) {
    hash = Promise.resolve().then(() => hashFiles(repoRoot, appInputs(repoRoot), [`version=${version}`]));
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
