// `npm run db:types`: migrates a fresh in-memory PGlite with the project's migrations and writes
// generated-types.ts from it (db-types.ts). No server is needed; PostgreSQL introspects the same.
import { writeFile } from 'node:fs/promises';
import type { PostgresDB } from 'kysely-codegen';
import { createDb } from './create-db.js';
import { dbTypesSource, typesFile } from './db-types.js';
import { migrateToLatest } from './migrate.js';

const db = createDb<PostgresDB>();
try {
  await migrateToLatest(db);
  await writeFile(typesFile, await dbTypesSource(db));
  console.log(`Wrote ${typesFile}`);
} finally {
  await db.destroy();
}
