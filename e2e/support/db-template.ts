// Vitest global setup of the e2e project: migrates one PGlite folder before any browser test file runs, so
// each file's API starts from a copy of it and seeds it, instead of running every migration again (several
// seconds a file, and the files run one after another). Only the migrated schema is shared: each file seeds
// its own copy at its own start, so the demo data's dates are those of the moment the file runs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../api/src/db/create-db.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder that startStack copies. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-e2e-template-'));
  const dataDir = join(folder, 'pg');
  const db = createDb({ dataDir });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgliteTemplate', dataDir);
  return () => rm(folder, { recursive: true, force: true });
}
