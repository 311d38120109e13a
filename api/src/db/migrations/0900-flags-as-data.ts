// The training flags become data: one JSON object per user (users.flags: only the flags the user has set; a
// missing one takes the tenant's default) and per tenant (tenants.default_flags), instead of a column per flag
// in each table. The flags are listed in contracts/flags.schema.json, so a new one needs no migration. This step
// carries the three flags that were columns over, every value kept: a user's null (unset) is left out of the
// object, so it still falls back to the tenant's default.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The flags as they were columns when this ran: this list is the history of the schema, not the current one.
const columns = ['group_coaching', 'flash_coaching', 'business_academy'] as const;

const object = (prefix: string) =>
  sql.join(columns.map((flag) => sql`${sql.lit(flag)}, ${sql.ref(`${prefix}${flag}`)}`));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('default_flags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`update tenants set default_flags = jsonb_build_object(${object('default_')})`.execute(db);
  await db.schema
    .alterTable('users')
    .addColumn('flags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`update users set flags = jsonb_strip_nulls(jsonb_build_object(${object('')}))`.execute(db);
  for (const flag of columns) {
    await db.schema.alterTable('tenants').dropColumn(`default_${flag}`).execute();
    await db.schema.alterTable('users').dropColumn(flag).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const flag of columns) {
    await db.schema
      .alterTable('tenants')
      .addColumn(`default_${flag}`, 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.alterTable('users').addColumn(flag, 'boolean').execute();
    // A flag the object lacks (or holds as anything but a boolean) is unset: null for a user, off for a tenant.
    await sql`update tenants set ${sql.ref(`default_${flag}`)} = coalesce((default_flags ->> ${flag})::boolean, false)`.execute(
      db,
    );
    await sql`update users set ${sql.ref(flag)} = (flags ->> ${flag})::boolean`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('flags').execute();
  await db.schema.alterTable('tenants').dropColumn('default_flags').execute();
}
