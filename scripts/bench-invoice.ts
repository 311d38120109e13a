// `npm run bench:invoice`: an invoice PDF as an admin downloads it (GET /api/v1/admin/invoices/:id/pdf over HTTP:
// the invoice read, the PDF drawn with its embedded fonts, the answer), against the target "p99 under 200 ms".
// The demo tenants are seeded as `npm run seed` seeds them; BENCH_INVOICES invoices of a demo client of acme are
// issued through the tenant's gapless sequence (the API tests' rows, api/test/helpers/billing-rows.ts: three lines,
// a name outside Latin-1), and each is downloaded in
// turn BENCH_ROUNDS times, one request at a time, after a warm-up (the first PDF loads pdf-lib and the fonts).
// A benchmark, not a test: the figures go in the closing note.
//   npm run bench:invoice                                  # PGlite in a temp folder
//   bash scripts/with-postgres.sh npm run bench:invoice    # PostgreSQL (DATABASE_URL)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../api/src/app.js';
import { connect } from '../api/src/db/connect.js';
import type { Database } from '../api/src/db/database.js';
import { demoPassword } from '../api/src/seed/seed.js';
import { insertPaidPackage } from '../api/test/helpers/billing-rows.js';
import { loadAverage, positive } from './lib/bench-settings.js';
import { signIn } from './lib/bench-signin.js';
import { benchAppOptions, seedBenchWorld } from './lib/bench-world.js';
import type { Kysely } from 'kysely';

const INVOICES = positive('BENCH_INVOICES', 20);
const ROUNDS = positive('BENCH_ROUNDS', 25);
const WARM_UP = 10;
const TARGET_P99_MS = 200;
const TENANT = { id: 2002, slug: 'acme' };

/** INVOICES paid invoices of one of the tenant's demo clients, numbered from the tenant's sequence. */
async function issueInvoices(db: Kysely<Database>): Promise<number[]> {
  const client = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('tenant_id', '=', TENANT.id)
    .where('role_id', '=', 3)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const coach = await db
    .selectFrom('coaches')
    .select('id')
    .where('tenant_id', '=', TENANT.id)
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < INVOICES; i++) {
    const price = 45000 + i * 1000;
    const third = Math.floor(price / 3);
    const paid = await insertPaidPackage(
      db,
      { tenantId: TENANT.id, coachId: coach.id, clientId: client.id },
      new Date(),
      {
        price,
        buyer: {
          name: 'Zoë Łukasiewicz-Ngô',
          email: client.email,
          address: ['Kurfürstendamm 21', '10719 Berlin'],
        },
        lines: [
          { description: 'Leadership coaching: six sessions of 60 minutes', quantity: 1, amount: third },
          { description: 'Strategy workshop with the leadership team', quantity: 1, amount: third },
          { description: 'Assessment and written report', quantity: 1, amount: price - 2 * third },
        ],
      },
    );
    ids.push(paid.invoiceId);
  }
  return ids;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'portal-bench-invoice-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const db = await connect({ databaseUrl, pgliteDir: join(workDir, 'pg') });
  try {
    const { storage } = await seedBenchWorld(db, workDir, 1);
    const ids = await issueInvoices(db);
    const options = benchAppOptions(db, workDir, storage);
    const app = await buildApp(options);
    const api = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(api, {
      tenantId: String(TENANT.id),
      mailDir: options.mail.mailDir!,
      email: `admin@${TENANT.slug}.test`,
      password: demoPassword,
      ip: '10.9.0.1',
    });
    const download = async (id: number) => {
      const started = performance.now();
      const res = await fetch(`${api}/api/v1/admin/invoices/${id}/pdf`, {
        headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': String(TENANT.id) },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - started;
      if (res.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-')
        throw new Error(`invoice ${id}: ${res.status} ${bytes.subarray(0, 200).toString()}`);
      return { ms, size: bytes.length };
    };
    for (let i = 0; i < WARM_UP; i++) await download(ids[i % ids.length]!);
    const times: number[] = [];
    let size = 0;
    for (let round = 0; round < ROUNDS; round++)
      for (const id of ids) {
        const one = await download(id);
        times.push(one.ms);
        size = one.size;
      }
    await app.close();
    const sorted = [...times].sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `invoice PDF (GET /api/v1/admin/invoices/:id/pdf, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}): ` +
        `${times.length} downloads of ${ids.length} invoices, ${(size / 1024).toFixed(1)} KiB each`,
    );
    console.log(
      `p50 ${fmt(p50!)}  p95 ${fmt(p95!)}  p99 ${fmt(p99!)}  max ${fmt(sorted.at(-1)!)}  (load ${loadAverage()})`,
    );
    console.log(
      `verdict: p99 ${fmt(p99!)} ${p99! < TARGET_P99_MS ? '<' : '>='} ${TARGET_P99_MS} ms: ${p99! < TARGET_P99_MS ? 'PASS' : 'FAIL'}`,
    );
    if (p99! >= TARGET_P99_MS) process.exitCode = 1;
  } finally {
    await db.destroy();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
