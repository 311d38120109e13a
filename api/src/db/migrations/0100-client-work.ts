// Client work: meetings and lesson meetings for /schedule, meeting notes, action steps and
// commitments for the board, team members and the tasks they are given. Every row carries tenant_id and the
// owning client's user id, so each query can be scoped to the caller with two equality checks.
import type { Kysely } from 'kysely';

type Builder = ReturnType<Kysely<unknown>['schema']['createTable']>;

/** id, tenant and owning client: the three columns every table of this migration starts with. */
function owned(db: Kysely<unknown>, table: string): Builder {
  return db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
}

const stamped = (builder: Builder): Builder =>
  builder
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull());

export async function up(db: Kysely<unknown>): Promise<void> {
  await owned(db, 'meetings')
    .addColumn('coach_id', 'integer', (c) => c.references('coaches.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('agenda', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('meeting_url', 'text')
    .execute();

  await owned(db, 'lesson_meetings')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('meeting_time', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('meeting_url', 'text')
    .execute();

  await stamped(
    owned(db, 'meeting_notes')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      // A calendar date ('YYYY-MM-DD') kept as text, like users.birthday, so both drivers return the same.
      .addColumn('meeting_date', 'text'),
  ).execute();

  // status holds the API's codes (SPEC §4); the stage a code means is decided by the reader, not stored.
  for (const table of ['action_steps', 'commitments']) {
    await stamped(
      owned(db, table)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('due_date', 'text'),
    ).execute();
  }

  await stamped(
    owned(db, 'team_members')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text'),
  ).execute();

  await stamped(
    owned(db, 'tasks')
      .addColumn('team_member_id', 'integer', (c) => c.references('team_members.id').onDelete('set null'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('responsibility', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('deadline', 'timestamptz')
      .addColumn('file_name', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();

  // Each task-list mail sent: the audit trail, and what the per-client sending limit counts.
  await owned(db, 'task_shares')
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  for (const table of tables) {
    await db.schema.createIndex(`${table}_client`).on(table).columns(['tenant_id', 'client_id']).execute();
  }
}

const tables = [
  'task_shares',
  'tasks',
  'team_members',
  'commitments',
  'action_steps',
  'meeting_notes',
  'lesson_meetings',
  'meetings',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
