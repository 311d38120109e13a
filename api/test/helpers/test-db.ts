// One migrated database per test file: PGlite in memory by default; with DATABASE_URL (see
// scripts/with-postgres.sh) a fresh database on that server, dropped at the end, so files cannot interfere.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDb } from '../../src/db/create-db.js';
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
    // The pool resolves its end() once its clients are told to close, not once the server has let them go, so
    // the DROP ... WITH (FORCE) below may still terminate one (57P01, admin_shutdown): expected during our own
    // teardown, and only then; any other loss of a connection is reported as the API reports it.
    let dropping = false;
    const db = createDb({
      databaseUrl: url.toString(),
      poolSize: 4,
      onIdleError: (error) => {
        if (dropping && (error as Error & { code?: string }).code === '57P01') return;
        console.warn(`database: idle connection lost (${error.message})`);
      },
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
