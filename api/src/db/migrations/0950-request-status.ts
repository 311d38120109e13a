// Where the coach is with each of their clients' tickets, testimonials and referrals: new, in progress or done,
// kept on the row itself so the coach's requests list and Today's waiting lists read it without a join. A
// testimonial also records whether the coach approved it for publication (never without the client's consent,
// which the row already holds).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const tables = ['support_tickets', 'testimonials', 'referrals'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('new')
          .check(sql`status in ('new', 'in_progress', 'done')`),
      )
      .addColumn('status_changed_at', 'timestamptz')
      .execute();
  }
  await db.schema
    .alterTable('testimonials')
    .addColumn('approved', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('testimonials').dropColumn('approved').execute();
  for (const table of tables) {
    await db.schema.alterTable(table).dropColumn('status').dropColumn('status_changed_at').execute();
  }
}
