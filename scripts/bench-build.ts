/**
 * npm run bench: the build figures of the foundation issue, from one run.
 *   cold   `portal build --tenant acme` with an empty compile cache
 *   warm   the same again (cache hit: no Vite compile)
 *   all    `portal build --all` over 100 generated tenants, cold cache
 * each as wall time and as a ratio to the cold single build; then the JavaScript the login page loads (gzip).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { execa } from 'execa';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
const TENANTS = 100;

async function timed(args: string[], cache: string): Promise<number> {
  const started = performance.now();
  const result = await execa('node', [path.join(root, 'bin/portal.js'), ...args], {
    cwd: work,
    reject: false,
    env: { PORTAL_CACHE_DIR: cache, NO_COLOR: '1' },
  });
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`portal ${args.join(' ')} failed:\n${result.stderr}`);
  return ms;
}

async function generateTenants(dir: string): Promise<void> {
  const source = JSON.parse(await readFile(path.join(root, 'tenants/acme/tenant.json'), 'utf8'));
  for (let i = 0; i < TENANTS; i++) {
    const slug = `tenant-${String(i).padStart(3, '0')}`;
    await cp(path.join(root, 'tenants/acme'), path.join(dir, slug), { recursive: true });
    const config = {
      ...source,
      id: 10_000 + i,
      name: `Tenant ${i} Coaching`,
      domain: `portal.tenant-${i}.example.com`,
    };
    await writeFile(path.join(dir, slug, 'tenant.json'), JSON.stringify(config, null, 2));
  }
}

/** The entry, its static imports and the login route's lazy chunk: what a browser loads for /login. */
async function loginPageJs(
  distSite: string,
  cache: string,
): Promise<{ files: string[]; gzip: number; raw: number }> {
  const [hash] = (await import('node:fs')).readdirSync(cache).filter((n) => /^[0-9a-f]{64}$/.test(n));
  const manifest = JSON.parse(await readFile(path.join(cache, hash!, 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const login = Object.keys(manifest).find((key) => key.includes('features/auth/components/login-page'));
  if (login) visit(login);
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    const bytes = await readFile(path.join(distSite, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: [...files], gzip, raw };
}

try {
  const single = path.join(work, 'cache-single');
  const cold = await timed(
    ['build', '--tenant', 'acme', '--out', 'dist-single', '--tenants-dir', path.join(root, 'tenants')],
    single,
  );
  const warm = await timed(
    ['build', '--tenant', 'acme', '--out', 'dist-single', '--tenants-dir', path.join(root, 'tenants')],
    single,
  );
  const many = path.join(work, 'tenants');
  await generateTenants(many);
  const all = await timed(
    ['build', '--all', '--out', 'dist-all', '--tenants-dir', many],
    path.join(work, 'cache-all'),
  );
  const js = await loginPageJs(path.join(work, 'dist-single/acme'), single);

  const row = (name: string, ms: number) =>
    `${name.padEnd(42)} ${(ms / 1000).toFixed(2).padStart(6)} s   ${(ms / cold).toFixed(2).padStart(5)}x cold`;
  console.log('portal build benchmark (wall time, node bin/portal.js, this machine)');
  console.log(row('cold  build --tenant acme (empty cache)', cold));
  console.log(row('warm  build --tenant acme (cache hit)', warm));
  console.log(row(`all   build --all, ${TENANTS} tenants (empty cache)`, all));
  console.log(
    `login page JavaScript: ${(js.gzip / 1024).toFixed(1)} KB gzip (${(js.raw / 1024).toFixed(1)} KB raw) in ${js.files.length} files`,
  );
  console.log(
    `targets: warm <= 1 s: ${warm <= 1000 ? 'met' : 'MISSED'}; ${TENANTS} tenants <= 1.5x cold: ${all <= 1.5 * cold ? 'met' : 'MISSED'}; login JS <= 140 KB gzip: ${js.gzip <= 140 * 1024 ? 'met' : 'MISSED'}`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
