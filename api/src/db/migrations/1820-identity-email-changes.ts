// An admin's change of an activated person's login email waits for the new address to confirm it through a
// single-use link (stored hashed like an invitation's): until then the person signs in with the old address,
// whose owner is told once it takes effect. A change cancelled or replaced by a newer one keeps its row, marked,
// so its link can say why it no longer works.
//
// The time zones ICU still lists by the names IANA retired are stored by their canonical name from now on
// (contracts/time-zones.ts); the people who chose one before are moved to it.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const renamed: [string, string][] = [
  ['Asia/Calcutta', 'Asia/Kolkata'],
  ['Europe/Kiev', 'Europe/Kyiv'],
  ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
  ['Asia/Katmandu', 'Asia/Kathmandu'],
  ['Asia/Rangoon', 'Asia/Yangon'],
  ['Atlantic/Faeroe', 'Atlantic/Faroe'],
  ['America/Godthab', 'America/Nuuk'],
  ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
  ['America/Catamarca', 'America/Argentina/Catamarca'],
  ['America/Cordoba', 'America/Argentina/Cordoba'],
  ['America/Jujuy', 'America/Argentina/Jujuy'],
  ['America/Mendoza', 'America/Argentina/Mendoza'],
  ['America/Indianapolis', 'America/Indiana/Indianapolis'],
  ['America/Louisville', 'America/Kentucky/Louisville'],
  ['America/Coral_Harbour', 'America/Atikokan'],
  ['Africa/Asmera', 'Africa/Asmara'],
  ['Pacific/Enderbury', 'Pacific/Kanton'],
  ['Pacific/Ponape', 'Pacific/Pohnpei'],
  ['Pacific/Truk', 'Pacific/Chuuk'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull().check(sql`new_email = lower(new_email)`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();

  for (const [old, canonical] of renamed)
    await sql`update users set time_zone = ${canonical} where time_zone = ${old}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
