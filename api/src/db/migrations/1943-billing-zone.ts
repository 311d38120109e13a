// The tenant's own time zone for its money: the admin's revenue counts a payment in the month it was
// paid on the business's calendar, whoever reads it and wherever they are, so two admins in two zones see the
// same months. tenant.json's billing.timeZone (an IANA name); UTC when unset.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('billing_time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await sql`comment on column tenants.billing_time_zone is ${sql.lit(
    "tenant.json's billing.timeZone (IANA): the months the admin's revenue counts in.",
  )}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('billing_time_zone').execute();
}
