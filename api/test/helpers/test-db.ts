// One migrated database per test file: PGlite in memory by default; with DATABASE_URL (see
// scripts/with-postgres.sh) a fresh database on that server, dropped at the end, so files cannot interfere.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDb, warnIdleLost } from '../../src/db/create-db.js';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export interface TestDb {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgresql';
  destroy(): Promise<void>;
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestDb(options: { migrate?: boolean } = {}): Promise<TestDb> {
  const serverUrl = process.env.DATABASE_URL;
  let testDb: TestDb;
  if (serverUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    let dropping = false;
    const db = createDb({
      databaseUrl: url.toString(),
      poolSize: 4,
      // pg's pool.end() resolves while its connections are still closing, so the DROP below may terminate one:
      // that is the teardown itself, not a lost connection worth a warning in the test output.
      onIdleError: (error) => dropping || warnIdleLost(error),
    });
    testDb = {
      db,
      engine: 'postgresql',
      async destroy() {
        dropping = true;
        await db.destroy();
        await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  } else {
    const db = createDb();
    testDb = { db, engine: 'pglite', destroy: () => db.destroy() };
  }
  if (options.migrate !== false) await migrateToLatest(testDb.db);
  return testDb;
}
