// The demo data for the configured database and tenants: what `npm run seed` (seed-cli.ts) does, and what a
// local stack's API does in its own process before it serves (scripts/lib/seeded-api.ts).
import type { Config } from '../config.js';
import { connect } from '../db/connect.js';
import { createStorage } from '../services/storage/storage.js';
import { loadTenantFiles, type TenantConfig } from '../services/tenants/tenant-files.js';
import { seedDemo } from './seed.js';

/** Seeds every tenant of config.tenantsDir and closes the database again; resolves to those tenants. */
export async function seedConfigured(
  config: Config,
  warn: (msg: string, obj: object) => void,
  /** Where the local stack serves the demo coaches' own calendars (seed-booking.ts). */
  options: { calendarOrigin?: string } = {},
): Promise<TenantConfig[]> {
  if (config.production)
    throw new Error('Refusing to seed: NODE_ENV=production. The demo accounts have a published password.');
  const db = await connect(config);
  try {
    const tenants = await loadTenantFiles(config.tenantsDir, { warn: (obj, msg) => warn(msg, obj) });
    await seedDemo(db, tenants, {
      production: config.production,
      storage: createStorage(config.mailStorage),
      calendarOrigin: options.calendarOrigin,
    });
    return tenants;
  } finally {
    await db.destroy();
  }
}
