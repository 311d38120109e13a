// Migrations are the files of ./migrations/, found on disk (their names sort in the order they run; Kysely runs
// them by name), so a new migration is its file alone. Read once per process; tsx and vitest load the .ts files,
// a compiled build the .js ones.
import { readdirSync } from 'node:fs';
import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationResultSet } from 'kysely';

const folder = new URL('./migrations/', import.meta.url);
const migrationFile = /^(\d{4}-[a-z0-9-]+)\.(ts|js)$/;

let loaded: Promise<Record<string, Migration>> | undefined;

async function loadMigrations(): Promise<Record<string, Migration>> {
  const entries = readdirSync(folder).flatMap((file) => {
    const match = migrationFile.exec(file);
    return match ? [{ name: match[1] as string, file }] : [];
  });
  const modules = await Promise.all(
    entries.map(
      async ({ name, file }) => [name, (await import(new URL(file, folder).href)) as Migration] as const,
    ),
  );
  return Object.fromEntries(modules);
}

const migrations = () => (loaded ??= loadMigrations());

function migrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: { getMigrations: migrations } });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) throw result.error;
  return (result.results ?? []).map((r) => `${r.direction} ${r.migrationName}: ${r.status}`);
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await migrator(db).migrateToLatest());
}

/** Migrations this code knows that the database has not run yet: none means the schema is current. */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  return (await migrator(db).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

/** Runs migrations up or down until `name` is the last one applied: a test's way to hold old data. */
export async function migrateTo<DB>(db: Kysely<DB>, name: string): Promise<string[]> {
  return unwrap(await migrator(db).migrateTo(name));
}

export async function migrateDown<DB>(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await migrator(db).migrateDown());
}
