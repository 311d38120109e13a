// One migrated database per test file: PGlite in memory by default; with DATABASE_URL (see
// scripts/with-postgres.sh) a fresh database on that server, dropped at the end, so files cannot interfere.
// Both start as a copy of the database the api project's global setup migrated once (db-template.ts).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { createDb, newPglite, warnIdleLost } from '../../src/db/create-db.js';
import type { Database } from '../../src/db/database.js';
import { onServer } from './pg-admin.js';

export interface TestDb<DB = Database> {
  db: Kysely<DB>;
  engine: 'pglite' | 'postgresql';
  destroy(): Promise<void>;
}

/** A migrated database, or with `migrate: false` an empty one (for the tests of the migrations themselves). */
export async function createTestDb<DB = Database>(options: { migrate?: boolean } = {}): Promise<TestDb<DB>> {
  const template = options.migrate === false ? undefined : inject('dbTemplate');
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const from = template?.engine === 'postgresql' ? ` TEMPLATE ${template.name}` : '';
    await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}${from}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    let dropping = false;
    const db = createDb<DB>({
      databaseUrl: url.toString(),
      poolSize: 4,
      // pg's pool.end() resolves while its connections are still closing, so the DROP below may terminate one:
      // that is the teardown itself, not a lost connection worth a warning in the test output.
      onIdleError: (error) => dropping || warnIdleLost(error),
    });
    return {
      db,
      engine: 'postgresql',
      async destroy() {
        dropping = true;
        await db.destroy();
        await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const loadDataDir = template?.engine === 'pglite' ? new Blob([await readFile(template.dump)]) : undefined;
  const db = createDb<DB>({ pglite: newPglite({ loadDataDir }) });
  return { db, engine: 'pglite', destroy: () => db.destroy() };
}
