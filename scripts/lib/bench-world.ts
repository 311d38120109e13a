/**
 * The API a benchmark's child process serves (bench:api, bench:slots): the demo tenants seeded as `npm run seed`
 * seeds them, `count` simulated clients of the demo coach (bench-users.ts), and the app's options for it.
 */
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppOptions } from '../../api/src/app.js';
import type { Database } from '../../api/src/db/database.js';
import { demoPassword, seedDemo } from '../../api/src/seed/seed.js';
import { createStorage } from '../../api/src/services/storage/storage.js';
import type { Storage } from '../../api/src/services/storage/storage.js';
import { loadTenantFiles } from '../../api/src/services/tenants/tenant-files.js';
import { seedBenchUsers } from './bench-users.js';

/** The demo client's tenant and address: the simulated clients are seeded like them. */
export const BENCH_TENANT = { id: '1001', email: 'client@demo.test' };
/** The demo client's coach, whom seedBenchUsers makes every simulated client's coach too. */
export const BENCH_COACH_EMAIL = 'coach@demo.test';
const tenantsDir = resolve('tenants');

export async function seedBenchWorld(db: Kysely<Database>, workDir: string, count: number) {
  const storage = createStorage(join(workDir, 'storage'));
  await seedDemo(db, await loadTenantFiles(tenantsDir, console), { production: false, storage });
  const users = await seedBenchUsers(db, storage, {
    tenantId: Number(BENCH_TENANT.id),
    demoEmail: BENCH_TENANT.email,
    password: demoPassword,
    count,
  });
  return { storage, users };
}

export const benchAppOptions = (
  database: Kysely<Database>,
  workDir: string,
  storage: Storage,
): AppOptions => ({
  db: database,
  tenantsDir,
  mail: { mailDir: join(workDir, 'mail') },
  storage,
  // Each simulated client sends its own address (X-Forwarded-For, see clientAddress) through the loopback as
  // a balancer would, so the per-IP flood guard and login limits see 200 people, as in production, instead of
  // one machine (where even legitimate logins in flight at once reach the 20 an address).
  trustProxy: ['127.0.0.1'],
});
