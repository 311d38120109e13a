// Calendars, out and in. Out: each person's feed token, kept as its SHA-256 like every other token (one a
// person; rotating replaces the hash, revoking deletes the row, so the old address stops at once). In: a coach's
// outside calendars (a subscription address each), their fetch state, and the busy times of the last good fetch:
// start and end only, never a title or a description, so nothing of the coach's private life is kept.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feed_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('calendar_connections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    // Kept as is, like a webhook's secret: fetching needs the address itself. No answer carries it: only `host`.
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('next_fetch_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('problem', 'text')
    .execute();
  await db.schema
    .createIndex('calendar_connections_coach')
    .on('calendar_connections')
    .columns(['tenant_id', 'coach_id'])
    .execute();
  await db.schema
    .createIndex('calendar_connections_due')
    .on('calendar_connections')
    .column('next_fetch_at')
    .execute();

  await db.schema
    .createTable('calendar_busy')
    .addColumn('connection_id', 'integer', (c) =>
      c.notNull().references('calendar_connections.id').onDelete('cascade'),
    )
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('calendar_busy_order', sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createIndex('calendar_busy_connection')
    .on('calendar_busy')
    .columns(['connection_id', 'starts_at'])
    .execute();

  const notes: Record<string, string> = {
    'calendar_feed_tokens.token_hash':
      "The feed address's token, SHA-256 (migration 1880); its row deleted when revoked.",
    'calendar_connections.url':
      'The calendar\'s secret subscription address (migration 1880): fetched, never answered ("host" is).',
    'calendar_connections.next_fetch_at':
      'When the next fetch is due (or, while an instance fetches it, its lease).',
    'calendar_connections.last_success_at': 'The last fetch that replaced the busy times; null: none yet.',
    'calendar_connections.problem': 'Why the last fetch failed, as the coach reads it; null when it worked.',
  };
  for (const [column, text] of Object.entries(notes))
    await sql`comment on column ${sql.ref(column)} is ${sql.lit(text)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_busy').execute();
  await db.schema.dropTable('calendar_connections').execute();
  await db.schema.dropTable('calendar_feed_tokens').execute();
}
