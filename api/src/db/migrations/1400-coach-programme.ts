// The coach's programme: a group's live sessions (one row per session; each member's lesson meeting points at
// it, so a move or a cancel reaches every member's calendar at once and the invitation keeps one UID and a
// rising SEQUENCE), and the coach's library of files and links with whom each is shared. A share names its
// audience ('client', 'company', 'group' or 'all' of the coach's clients) and the id it means (none for 'all').
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('meeting_url', 'text')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('group_sessions_group')
    .on('group_sessions')
    .columns(['group_id', 'starts_at'])
    .execute();
  await db.schema
    .alterTable('lesson_meetings')
    .addColumn('session_id', 'integer', (c) => c.references('group_sessions.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('lesson_meetings_session').on('lesson_meetings').column('session_id').execute();

  await db.schema
    .createTable('coach_resources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // A link's address, or null for a file kept in private storage under object_key.
    .addColumn('url', 'text')
    .addColumn('object_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('size', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('coach_resources_link_or_file', sql`(url is null) <> (object_key is null)`)
    .execute();
  await db.schema.createIndex('coach_resources_coach').on('coach_resources').column('coach_id').execute();
  await db.schema
    .createTable('resource_shares')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('resource_id', 'integer', (c) =>
      c.notNull().references('coach_resources.id').onDelete('cascade'),
    )
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'resource_shares_audience',
      sql`(audience = 'all' and target_id is null) or (audience in ('client', 'company', 'group') and target_id is not null)`,
    )
    .execute();
  // One share per audience and target: sharing twice changes nothing (coalesce: 'all' has no target).
  await sql`create unique index resource_shares_once on resource_shares (resource_id, audience, coalesce(target_id, 0))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resource_shares').execute();
  await db.schema.dropTable('coach_resources').execute();
  await db.schema.dropIndex('lesson_meetings_session').execute();
  await db.schema.alterTable('lesson_meetings').dropColumn('session_id').execute();
  await db.schema.dropTable('group_sessions').execute();
}
