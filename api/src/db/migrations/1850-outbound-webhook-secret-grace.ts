// Webhooks out: rotating a secret keeps the old one signing beside the new for a grace period (a
// receiver still checking the old secret keeps working until it is updated), and a delivery's last_error is a
// category. Rows written before keep a raw connection error (it can name an internal address): they become the
// category every such error now gets when it is none of the others.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_endpoints')
    // Read by the sender only, like `secret`; null when no rotation is in its grace period.
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'timestamptz')
    .execute();
  await sql`
    update webhook_deliveries set last_error = 'connection failed'
    where last_error is not null and last_error not like 'HTTP %' and last_error not in
      ('address not allowed', 'name not found', 'connection refused', 'timed out', 'TLS failure',
       'connection failed', 'answer too large')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_endpoints')
    .dropColumn('previous_secret')
    .dropColumn('previous_secret_until')
    .execute();
}
