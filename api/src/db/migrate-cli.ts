// `npm run db:migrate` brings the database to the latest schema; `npm run db:migrate -- down` undoes the
// most recent migration.
import { readConfig } from '../config.js';
import { connect } from './connect.js';
import { migrateDown, migrateToLatest } from './migrate.js';

const direction = process.argv[2] ?? 'latest';
if (direction !== 'latest' && direction !== 'down') {
  console.error(`Unknown direction "${direction}": use "latest" (default) or "down".`);
  process.exit(2);
}
const config = readConfig();
const db = await connect(config, false);
try {
  const steps = direction === 'down' ? await migrateDown(db) : await migrateToLatest(db);
  console.log(steps.length ? steps.join('\n') : 'Already up to date.');
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.pgliteDir}`);
} finally {
  await db.destroy();
}
