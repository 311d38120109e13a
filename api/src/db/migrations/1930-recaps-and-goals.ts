// Shared recaps and goals. A recap is what a coach writes after one meeting for the
// client to read: a draft (shared_at null) the client never sees, then shared. One recap a meeting. Both parties
// comment under it (recap_comments, which keep the client's id so the ownership rules of access/scope.ts reach
// them as they reach the recap). A goal is the client's, written by the client or their coach, with milestones;
// an action step may be made from a recap or serve a goal (action_steps.recap_id / goal_id).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recaps')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meeting_id', 'integer', (c) =>
      c.notNull().unique().references('meetings.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('shared_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recaps_client').on('recaps').column('client_id').execute();

  await db.schema
    .createTable('recap_comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recap_id', 'integer', (c) => c.notNull().references('recaps.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recap_comments_recap')
    .on('recap_comments')
    .columns(['recap_id', 'id'])
    .execute();

  await db.schema
    .createTable('goals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('why', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('goals_status', sql`status in ('open', 'completed', 'dropped')`)
    .execute();
  await db.schema.createIndex('goals_client').on('goals').column('client_id').execute();

  await db.schema
    .createTable('goal_milestones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('goal_id', 'integer', (c) => c.notNull().references('goals.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('done', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('goal_milestones_goal').on('goal_milestones').column('goal_id').execute();

  await db.schema
    .alterTable('action_steps')
    .addColumn('recap_id', 'integer', (c) => c.references('recaps.id').onDelete('set null'))
    .addColumn('goal_id', 'integer', (c) => c.references('goals.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('action_steps_goal').on('action_steps').column('goal_id').execute();

  const notes: Record<string, string> = {
    'recaps.shared_at': 'When the coach shared it with the client; null: a draft only the coach sees.',
    'recaps.body': 'Rich text, cut to contracts/rich-text.ts before it is stored.',
    'recap_comments.client_id': "The recap's client: the comment is read by whoever may read the recap.",
    'goals.status': 'open, completed or dropped.',
    'goals.why': 'Why the client wants it (plain text).',
    'goals.target_date': 'YYYY-MM-DD (a calendar day, as action steps keep their due dates); null: none.',
    'action_steps.recap_id': 'The recap the step was made from; null: none.',
    'action_steps.goal_id': 'The goal the step serves; null: none.',
  };
  for (const [column, text] of Object.entries(notes))
    await sql`comment on column ${sql.ref(column)} is ${sql.lit(text)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('action_steps').dropColumn('recap_id').dropColumn('goal_id').execute();
  await db.schema.dropTable('goal_milestones').execute();
  await db.schema.dropTable('goals').execute();
  await db.schema.dropTable('recap_comments').execute();
  await db.schema.dropTable('recaps').execute();
}
