// `npm run seed`: the demo accounts for every tenant in tenants/ (see seed.ts).
import { readConfig } from '../config.js';
import { demoPassword } from './seed.js';
import { seedConfigured } from './seed-configured.js';

const config = readConfig();
if (config.production) {
  console.error('Refusing to seed: NODE_ENV=production. The demo accounts have a published password.');
  process.exit(1);
}
const tenants = await seedConfigured(config, (msg, obj) => console.warn(msg, obj));
for (const t of tenants) console.log(`${t.slug} (${t.id}): client@${t.slug}.test, basic@${t.slug}.test`);
console.log(`Password for every demo client: ${demoPassword}`);
