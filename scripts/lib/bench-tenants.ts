/**
 * What the benchmarks share: the `portal` CLI run as the separate process a user or CI starts (so node start-up
 * counts), and a folder of generated tenants copied from an example tenant.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Loaded into the CLI process with --import: when it exits, it writes its own peak resident set size (KiB) and
 * the CPU time it used (user and system, microseconds), from getrusage, to the file BENCH_MAX_RSS_FILE names.
 * Node has no way to ask that of a child it started. The CPU time is the CLI's own work, apart from the time it
 * waits for a store or a loaded machine.
 */
const REPORT_MAX_RSS = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs';" +
    "process.on('exit', () => { const u = process.resourceUsage(); writeFileSync(process.env.BENCH_MAX_RSS_FILE, `${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}`); });",
)}`;

/**
 * Runs `node bin/portal.js ...args` in cwd; its wall time, peak memory, CPU time and stdout, or an error with its
 * stderr.
 */
export async function runPortal(
  cwd: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ ms: number; maxRssMb: number; cpuMs: number; stdout: string }> {
  const rssFile = path.join(cwd, `.max-rss-${randomBytes(4).toString('hex')}`);
  const started = performance.now();
  const result = await execa(
    'node',
    ['--import', REPORT_MAX_RSS, path.join(REPO_ROOT, 'bin/portal.js'), ...args],
    {
      cwd,
      reject: false,
      env: { NO_COLOR: '1', BENCH_MAX_RSS_FILE: rssFile, ...env },
    },
  );
  const ms = performance.now() - started;
  if (result.exitCode !== 0)
    throw new Error(`portal ${args.join(' ')} failed (${result.exitCode}):\n${result.stderr}`);
  const [maxRss, cpu] = (await readFile(rssFile, 'utf8')).split(' ').map(Number);
  await rm(rssFile);
  return { ms, maxRssMb: maxRss! / 1024, cpuMs: cpu! / 1000, stdout: result.stdout };
}

/**
 * Copies tenants/<from> `count` times into dir as <prefix>-000, <prefix>-001, ..., each with its own id, name
 * and domain. Real tenants have their own images, so no two copies share an image's bytes either.
 */
export async function generateTenants(options: {
  from: string;
  dir: string;
  count: number;
  prefix: string;
  firstId: number;
}): Promise<void> {
  const source = path.join(REPO_ROOT, 'tenants', options.from);
  const config = JSON.parse(await readFile(path.join(source, 'tenant.json'), 'utf8')) as object;
  const images = (await readdir(source)).filter((name) => name.endsWith('.svg'));
  for (let i = 0; i < options.count; i++) {
    const slug = `${options.prefix}-${String(i).padStart(3, '0')}`;
    const target = path.join(options.dir, slug);
    await cp(source, target, { recursive: true });
    const own = {
      ...config,
      id: options.firstId + i,
      name: `${options.prefix[0]!.toUpperCase()}${options.prefix.slice(1)} ${i} Coaching`,
      domain: `${slug}.bench.example.com`,
    };
    await writeFile(path.join(target, 'tenant.json'), `${JSON.stringify(own, null, 2)}\n`);
    for (const image of images) await appendFile(path.join(target, image), `<!-- ${slug} -->\n`);
  }
}
