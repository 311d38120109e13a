// api/src/db/generated-types.ts is the Kysely types of the migrated schema; a migration without
// `npm run db:types` would leave the queries compiling against tables the database no longer has, so this
// regenerates the file from the migrated test database (PGlite, or PostgreSQL with DATABASE_URL) and compares.
import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import type { PostgresDB } from 'kysely-codegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedTypes, dbTypesSource } from '../src/db/db-types.js';
import { pendingMigrations } from '../src/db/migrate.js';
import { createTestDb } from './helpers/test-db.js';
import type { TestDb } from './helpers/test-db.js';

let testDb: TestDb<PostgresDB>;
beforeAll(async () => {
  testDb = await createTestDb<PostgresDB>();
});
afterAll(() => testDb.destroy());

describe('npm run db:types', () => {
  it('changes nothing: generated-types.ts is what the migrations generate', async () => {
    const generated = await dbTypesSource(testDb.db);
    expect(
      await committedTypes(),
      'api/src/db/generated-types.ts is stale: run `npm run db:types` and commit it',
    ).toBe(generated);
  });

  it('refuses a JSON column without a type in COLUMN_TYPES, naming it', async () => {
    await sql`alter table tenants add column probe jsonb`.execute(testDb.db);
    await expect(dbTypesSource(testDb.db)).rejects.toThrow(
      "JSON columns without a type in db-types.ts's COLUMN_TYPES: tenants.probe.",
    );
    await sql`alter table tenants drop column probe`.execute(testDb.db);
  });

  it('refuses a hand-typed column the schema no longer has, naming it', async () => {
    await sql`alter table notification_preferences drop column channel`.execute(testDb.db);
    await expect(dbTypesSource(testDb.db)).rejects.toThrow(
      'db-types.ts names notification_preferences.channel, which the migrated schema does not have.',
    );
  });
});

describe('the migrations the types come from', () => {
  it('are every file of src/db/migrations/, each found by migrate.ts', async () => {
    const files = (await readdir(new URL('../src/db/migrations/', import.meta.url)))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    const empty = await createTestDb({ migrate: false });
    try {
      expect(
        await pendingMigrations(empty.db),
        'a file of src/db/migrations/ that migrate.ts does not find (its name is not NNNN-kebab-case)',
      ).toEqual(files);
    } finally {
      await empty.destroy();
    }
  });
});
