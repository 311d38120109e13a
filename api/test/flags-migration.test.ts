// Migration 0900 turns the flag columns into JSON (users.flags, tenants.default_flags) and back, every user's and
// tenant's values kept: a set flag stays set, an unset one (null) stays unset and so still takes the tenant's
// default. Run on PGlite, and on PostgreSQL under scripts/with-postgres.sh.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../src/db/migrate.js';
import { createTestDb } from './helpers/test-db.js';
import type { TestDb } from './helpers/test-db.js';

const before = '0830-analytics-change-ids';
const flagsAsData = '0900-flags-as-data';

const at = new Date('2026-01-05T09:00:00Z');

type Columns = [boolean | null, boolean | null, boolean | null];

// The flags as columns, in the order the columns were: group coaching, flash coaching, business academy.
const tenants: [number, Columns][] = [
  [1, [true, false, false]],
  [2, [false, true, true]],
];
const users: [string, number, Columns][] = [
  ['mixed@one.test', 1, [null, true, false]],
  ['unset@one.test', 1, [null, null, null]],
  ['all@two.test', 2, [true, true, true]],
  ['none@two.test', 2, [false, false, false]],
];

const rows = async (db: Kysely<unknown>, query: ReturnType<typeof sql>) =>
  (await query.execute(db)).rows as Record<string, unknown>[];

describe('migration 0900: flags as data', () => {
  let t: TestDb;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
    db = t.db as unknown as Kysely<unknown>;
    await migrateTo(db, before);
    for (const [id, [group, flash, academy]] of tenants) {
      await sql`insert into tenants (id, slug, name, domain, default_group_coaching, default_flash_coaching,
        default_business_academy) values (${id}, ${`t${id}`}, ${`T${id}`}, ${`t${id}.test`}, ${group}, ${flash},
        ${academy})`.execute(db);
    }
    for (const [email, tenant, [group, flash, academy]] of users) {
      await sql`insert into users (tenant_id, email, first_name, last_name, group_coaching, flash_coaching,
        business_academy, created_at, updated_at) values (${tenant}, ${email}, 'A', 'B', ${group}, ${flash},
        ${academy}, ${at}, ${at})`.execute(db);
    }
  });
  afterAll(() => t.destroy());

  it('up keeps every value: a tenant has all its defaults, a user only the flags set', async () => {
    await migrateTo(db, flagsAsData);
    expect(await rows(db, sql`select id, default_flags from tenants order by id`)).toEqual([
      { id: 1, default_flags: { group_coaching: true, flash_coaching: false, business_academy: false } },
      { id: 2, default_flags: { group_coaching: false, flash_coaching: true, business_academy: true } },
    ]);
    expect(await rows(db, sql`select email, flags from users order by id`)).toEqual([
      { email: 'mixed@one.test', flags: { flash_coaching: true, business_academy: false } },
      { email: 'unset@one.test', flags: {} },
      {
        email: 'all@two.test',
        flags: { group_coaching: true, flash_coaching: true, business_academy: true },
      },
      {
        email: 'none@two.test',
        flags: { group_coaching: false, flash_coaching: false, business_academy: false },
      },
    ]);
    const columns = await rows(
      db,
      sql`select column_name from information_schema.columns where table_name in ('users', 'tenants')
        and (column_name like '%coaching%' or column_name like '%academy%')`,
    );
    expect(columns).toEqual([]);
  });

  it('down puts the columns back with the same values', async () => {
    await migrateTo(db, before);
    const tenantRows = await rows(
      db,
      sql`select id, default_group_coaching, default_flash_coaching, default_business_academy from tenants
        order by id`,
    );
    expect(tenantRows.map((r) => [r.id, Object.values(r).slice(1)])).toEqual(tenants);
    const userRows = await rows(
      db,
      sql`select email, tenant_id, group_coaching, flash_coaching, business_academy from users order by id`,
    );
    expect(userRows.map((r) => [r.email, r.tenant_id, Object.values(r).slice(2)])).toEqual(users);
  });
});
