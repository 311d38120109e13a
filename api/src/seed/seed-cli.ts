// `npm run seed`: the demo accounts for every tenant in tenants/ (see seed.ts).
import { readConfig } from '../config.js';
import { loadTenantFiles } from '../services/tenants/tenant-files.js';
import { connect } from '../db/connect.js';
import { createStorage } from '../services/storage/storage.js';
import { demoPassword, seedDemo } from './seed.js';

const config = readConfig();
if (config.production) {
  console.error('Refusing to seed: NODE_ENV=production. The demo accounts have a published password.');
  process.exit(1);
}
const db = await connect(config);
try {
  const tenants = await loadTenantFiles(config.tenantsDir, { warn: (obj, msg) => console.warn(msg, obj) });
  await seedDemo(db, tenants, { production: config.production, storage: createStorage(config.mailStorage) });
  for (const t of tenants) console.log(`${t.slug} (${t.id}): client@${t.slug}.test, basic@${t.slug}.test`);
  console.log(`Password for every demo client: ${demoPassword}`);
} finally {
  await db.destroy();
}
