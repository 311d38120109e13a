// Vitest global setup of the api project: migrates one database before any test file runs, so each file
// starts from a copy of it instead of running every migration again (several seconds a file on PGlite). On
// PostgreSQL the copy is a CREATE DATABASE … TEMPLATE; on PGlite it is a dump of the migrated data folder
// that each file loads into its own in-memory instance. The copy is the migrated schema and nothing else:
// each file still owns a fresh database.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, newPglite } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { onServer } from './pg-admin.js';

/** What test files copy: a PostgreSQL database name, or the path of a PGlite data-folder dump. */
export type DbTemplate = { engine: 'postgresql'; name: string } | { engine: 'pglite'; dump: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `portal_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = createDb({ databaseUrl: url.toString(), poolSize: 1 });
    await migrateToLatest(db);
    // A template must have no open connection while files copy it.
    await db.destroy();
    project.provide('dbTemplate', { engine: 'postgresql', name });
    return async () => {
      await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }
  const pglite = newPglite();
  const db = createDb({ pglite });
  await migrateToLatest(db);
  const folder = await mkdtemp(join(tmpdir(), 'portal-db-template-'));
  const dump = join(folder, 'migrated.tar');
  await writeFile(dump, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await db.destroy();
  project.provide('dbTemplate', { engine: 'pglite', dump });
  return () => rm(folder, { recursive: true, force: true });
}
