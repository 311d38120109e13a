// A notification's one-click unsubscribe headers (List-Unsubscribe, List-Unsubscribe-Post) are part of the
// rendered mail, so the outbox keeps them with the rest: a mail sent again after an outage still has them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'jsonb').execute();
  await sql`comment on column mail_outbox.headers is ${sql.lit(
    "A notification's List-Unsubscribe and List-Unsubscribe-Post headers; null: a mail without them.",
  )}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
}
