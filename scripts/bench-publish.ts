/**
 * npm run bench:publish: `portal publish --all` of 100 generated tenants to a real S3-protocol server (s3rver on
 * 127.0.0.1), cold (empty bucket) and unchanged (everything skipped by hash), as wall time, objects and MB per
 * second. Each publish runs as the CLI process a user or CI would start, so node and SDK start-up are included.
 *   BENCH_TENANTS=20 npm run bench:publish   fewer tenants;   BENCH_CONCURRENCY=16   another --concurrency
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateTenants, runPortal } from './lib/bench-tenants.js';
import { S3_ENV, startS3 } from './lib/s3-server.js';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '8';
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

function row(label: string, ms: number, summaries: Summary[]): string {
  const uploaded = summaries.reduce((n, s) => n + s.uploaded, 0);
  const skipped = summaries.reduce((n, s) => n + s.skipped, 0);
  const mb = summaries.reduce((n, s) => n + s.bytes, 0) / 1024 / 1024;
  const seconds = ms / 1000;
  const objects = uploaded + skipped;
  return [
    label.padEnd(10),
    `${seconds.toFixed(2)} s`.padStart(9),
    String(uploaded).padStart(9),
    String(skipped).padStart(8),
    mb.toFixed(1).padStart(8),
    (objects / seconds).toFixed(0).padStart(10),
    (mb / seconds).toFixed(2).padStart(8),
  ].join('  ');
}

const s3 = await startS3(['bench']);
try {
  await generateTenants({ from: 'demo', dir: tenantsDir, count: TENANTS, prefix: 'bench', firstId: 50_000 });
  const build = await portal(['build', '--all', '--tenants-dir', tenantsDir, '--out', out]);
  const args = ['publish', '--all', '--tenants-dir', tenantsDir, '--out', out, '--to', 's3://bench/portal'];
  const env = { ...S3_ENV, AWS_ENDPOINT_URL_S3: s3.endpoint };
  const publishArgs = [...args, '--concurrency', CONCURRENCY, '--json'];
  const cold = await portal(publishArgs, env);
  const unchanged = await portal(publishArgs, env);
  const coldSummaries = JSON.parse(cold.stdout) as Summary[];
  const unchangedSummaries = JSON.parse(unchanged.stdout) as Summary[];
  if (unchangedSummaries.some((s) => s.uploaded !== 0))
    throw new Error('The unchanged publish uploaded files.');

  console.log(
    `portal publish --all: ${TENANTS} tenants to s3rver on 127.0.0.1, --concurrency ${CONCURRENCY}`,
  );
  console.log(`(built first with portal build --all in ${(build.ms / 1000).toFixed(2)} s)\n`);
  console.log('run         wall      uploaded  skipped      MB   objects/s    MB/s');
  console.log(row('cold', cold.ms, coldSummaries));
  console.log(row('unchanged', unchanged.ms, unchangedSummaries));
  console.log('\nobjects/s counts every file checked (uploaded + skipped); MB/s counts uploaded bytes.');
} finally {
  await s3.close();
  await rm(work, { recursive: true, force: true });
}
