/**
 * npm run bench:publish: `portal publish --all` of 100 generated tenants to a real S3-protocol server (s3rver on
 * 127.0.0.1), per-site and with --shared-assets (each into its own empty bucket), each cold (empty bucket) and
 * unchanged (everything skipped: the listing and the release manifests decide), as wall time, objects and MB
 * per second, and the requests each run sent, counted by a proxy in front of the server (the one the publish
 * tests log requests with, lib/bench-s3-proxy.ts); then the objects a cold release with shared assets wrote,
 * counted in the bucket. Each publish runs as the CLI process a user or CI would start, so node and SDK start-up
 * are included. The verdict: an unchanged release with shared assets within 1 s, and at most one request a
 * tenant beyond the listing pages and the release manifests' reads.
 *   BENCH_TENANTS=1000 npm run bench:publish   more tenants (up to 10,000);   BENCH_CONCURRENCY=16   another
 *   --concurrency
 * Above 1,000 tenants only the shared-assets release runs: a per-site cold release stores every asset once per
 * tenant (about 130 objects each, 1.3 million at 10,000), hours against s3rver, and the targets are about the
 * shared-assets release. Each run's peak memory (resident set size of the CLI process) is printed beside it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RELEASE_MANIFEST_NAME } from '../cli/src/lib/site-layout.js';
import { createS3Backend, createS3Client } from '../cli/src/lib/storage/s3-backend.js';
import { startFaultProxy, type Logged } from './lib/bench-s3-proxy.js';
import { generateTenants, runPortal } from './lib/bench-tenants.js';
import { S3_ENV, startS3 } from './lib/s3-server.js';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
if (!Number.isInteger(TENANTS) || TENANTS < 1)
  throw new Error(`BENCH_TENANTS must be a whole number above 0.`);
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '8';
const PER_SITE = TENANTS <= 1000;
const work = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-publish-'));
const tenantsDir = path.join(work, 'tenants');
const out = path.join(work, 'dist');

interface Summary {
  slug: string;
  status: string;
  uploaded: number;
  skipped: number;
  bytes: number;
}

const portal = (args: string[], env: Record<string, string> = {}) =>
  runPortal(work, args, { PORTAL_CACHE_DIR: path.join(work, 'cache'), ...env });

/** A run's requests: listing pages (a GET of the bucket itself), reads of a release manifest, and the rest. */
function countRequests(log: Logged[]): { all: number; listing: number; manifests: number } {
  const key = (r: Logged) => r.path.split('/').slice(2).join('/');
  const listing = log.filter((r) => r.method === 'GET' && key(r) === '').length;
  const manifests = log.filter(
    (r) => r.method === 'GET' && RELEASE_MANIFEST_NAME.test(path.posix.basename(key(r))),
  ).length;
  return { all: log.length, listing, manifests };
}

interface Run {
  label: string;
  ms: number;
  cpuMs: number;
  summaries: Summary[];
  requests: ReturnType<typeof countRequests>;
  maxRssMb: number;
}

function row({ label, ms, cpuMs, summaries, requests, maxRssMb }: Run): string {
  const uploaded = summaries.reduce((n, s) => n + s.uploaded, 0);
  const skipped = summaries.reduce((n, s) => n + s.skipped, 0);
  const mb = summaries.reduce((n, s) => n + s.bytes, 0) / 1024 / 1024;
  const seconds = ms / 1000;
  const objects = uploaded + skipped;
  return [
    label.padEnd(23),
    `${seconds.toFixed(2)} s`.padStart(9),
    `${(cpuMs / 1000).toFixed(2)} s`.padStart(9),
    String(uploaded).padStart(9),
    String(skipped).padStart(8),
    mb.toFixed(1).padStart(8),
    (objects / seconds).toFixed(0).padStart(10),
    (mb / seconds).toFixed(2).padStart(8),
    String(requests.all).padStart(9),
    maxRssMb.toFixed(0).padStart(7),
  ].join('  ');
}

/** Every key in the bucket, listed as the publisher lists: what the publishes really wrote, manifests included. */
async function storedKeys(endpoint: string, bucket: string): Promise<string[]> {
  const url = `s3://${bucket}`;
  const client = createS3Client({ endpoint, env: S3_ENV, requestTimeoutMs: 30_000 });
  try {
    return [...(await createS3Backend({ kind: 's3', bucket, prefix: '', url }, client).list!('')).keys()];
  } finally {
    (await client).destroy();
  }
}

const s3 = await startS3(['bench', 'bench-shared']);
const proxy = await startFaultProxy(s3.endpoint);
try {
  await generateTenants({ from: 'demo', dir: tenantsDir, count: TENANTS, prefix: 'bench', firstId: 50_000 });
  const build = await portal(['build', '--all', '--tenants-dir', tenantsDir, '--out', out]);
  const env = { ...S3_ENV, AWS_ENDPOINT_URL_S3: proxy.endpoint };
  const args = ['publish', '--all', '--tenants-dir', tenantsDir, '--out', out];
  const options = ['--concurrency', CONCURRENCY, '--json'];
  const runs: Run[] = [];
  const layouts = [
    ['per-site', ['--to', 's3://bench/portal']],
    ['shared assets', ['--to', 's3://bench-shared/portal', '--shared-assets']],
  ] as const;
  for (const [label, target] of layouts.filter(([label]) => label !== 'per-site' || PER_SITE)) {
    for (const state of ['cold', 'unchanged']) {
      proxy.log.length = 0;
      const run = await portal([...args, ...target, ...options], env);
      const summaries = JSON.parse(run.stdout) as Summary[];
      runs.push({
        label: `${state} ${label}`,
        ms: run.ms,
        cpuMs: run.cpuMs,
        summaries,
        requests: countRequests(proxy.log),
        maxRssMb: run.maxRssMb,
      });
    }
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  for (const { label, summaries } of runs) {
    if (label.startsWith('unchanged') && summaries.some((s) => s.uploaded !== 0))
      throw new Error(`The ${label} publish uploaded files.`);
  }
  console.log(
    `portal publish --all: ${TENANTS} tenants to s3rver on 127.0.0.1, --concurrency ${CONCURRENCY}`,
  );
  console.log(
    `(built first with portal build --all in ${(build.ms / 1000).toFixed(2)} s, peak ${build.maxRssMb.toFixed(0)} MB)` +
      `${PER_SITE ? '' : '; per-site layout not run above 1,000 tenants'}\n`,
  );
  console.log(
    'run                           wall        CPU   uploaded  skipped      MB   objects/s    MB/s   requests  peak MB',
  );
  for (const run of runs) console.log(row(run));
  console.log(
    '\nCPU is the CPU time of the CLI process (user + system), the rest of the wall time it waited for the store or the machine; objects/s counts every file checked (uploaded + skipped); MB/s counts uploaded bytes; requests are every ' +
      'request the run sent to the store, counted by a proxy in front of it; peak MB is the resident set size of the CLI process.',
  );
  const shared = await storedKeys(s3.endpoint, 'bench-shared');
  const sharedAssets = shared.filter((key) => key.startsWith('portal/assets/')).length;
  // The publisher's own bookkeeping: one release manifest per run, beside the sites, not one per tenant.
  const manifests = shared.filter((key) => RELEASE_MANIFEST_NAME.test(path.posix.basename(key))).length;
  const own = shared.length - sharedAssets - manifests;
  console.log(
    `objects written per cold release with shared assets (counted in the bucket): ` +
      `${(own / TENANTS).toFixed(2)} per tenant + ${sharedAssets} shared assets once + ${manifests} release ` +
      `manifest${manifests === 1 ? '' : 's'} per run (${shared.length} in all)`,
  );
  const unchanged = runs.find((r) => r.label === 'unchanged shared assets')!;
  const { all, listing, manifests: manifestReads } = unchanged.requests;
  const allowed = TENANTS + listing + manifestReads;
  const fast = unchanged.ms <= 1000;
  const few = all <= allowed;
  console.log(
    `- unchanged re-publish with shared assets <= 1 s: ${(unchanged.ms / 1000).toFixed(2)} s: ` +
      `${fast ? 'met' : 'NOT met'} (the CLI's own CPU ${(unchanged.cpuMs / 1000).toFixed(2)} s); requests <= 1 per tenant + listing pages + manifest reads ` +
      `(${TENANTS} + ${listing} + ${manifestReads} = ${allowed}): ${all}, of which ${all - listing - manifestReads} ` +
      `beyond the listing and manifests: ${few ? 'met' : 'NOT met'} (load average ${load} after the runs, 1, 5, 15 min)`,
  );
} finally {
  await proxy.close();
  await s3.close();
  await rm(work, { recursive: true, force: true });
}
