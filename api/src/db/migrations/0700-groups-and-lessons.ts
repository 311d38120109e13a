// Group coaching, lessons and the business academy. A lesson is tenant content shared by groups and academy
// modules; a group lists its lessons in order (member_group_lessons), a member joins a group through
// user_groups (the SPEC's user_group_id) with a status and a paid flag, and each member's training analytics
// are kept per lesson and user group (one row; null user_group_id for academy lessons). Prices are integers in
// the currency's minor unit (cents), so no driver turns them into strings.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

type Builder = ReturnType<Kysely<unknown>['schema']['createTable']>;

function tenantTable(db: Kysely<unknown>, table: string): Builder {
  return db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'));
}

async function unique(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  await db.schema
    .createIndex(`${table}_${columns.join('_')}`)
    .on(table)
    .columns(columns)
    .unique()
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'groups')
    .addColumn('coach_id', 'integer', (c) => c.references('coaches.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group_img', 'text')
    .addColumn('intro_video', 'text')
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    // 'one_time' or 'monthly'; only read for paid groups.
    .addColumn('payment_frequency', 'text', (c) => c.notNull().defaultTo('one_time'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('template', 'boolean', (c) => c.notNull().defaultTo(false))
    // Free text shown as is ('Tuesdays, 6:00 pm'), and a longer schedule description.
    .addColumn('meets_on', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('schedule', 'text', (c) => c.notNull().defaultTo(''))
    // Calendar dates ('YYYY-MM-DD') kept as text, like users.birthday.
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('final_date', 'text')
    // 'upcoming', 'active' or 'completed'.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    // 'free' or 'paid'.
    .addColumn('group_type', 'text', (c) => c.notNull().defaultTo('free'))
    // The payment provider's price or product id for a paid group.
    .addColumn('stripe_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await unique(db, 'groups', ['tenant_id', 'slug']);

  // A membership: id is the SPEC's user_group_id. status is 'active', 'pending' (waiting for payment or the
  // coach) or 'cancelled'; paid records a settled payment for a paid group.
  await tenantTable(db, 'user_groups')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('paid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await unique(db, 'user_groups', ['group_id', 'user_id']);
  await db.schema
    .createIndex('user_groups_user')
    .on('user_groups')
    .columns(['tenant_id', 'user_id'])
    .execute();

  await tenantTable(db, 'lessons')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('short_desc', 'text', (c) => c.notNull().defaultTo(''))
    // HTML written by the coach; sanitised on the way out by the API and again by the app.
    .addColumn('full_desc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lesson_img', 'text')
    .addColumn('lesson_video', 'text')
    .addColumn('quiz_url', 'text')
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('free_lesson', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await unique(db, 'lessons', ['tenant_id', 'slug']);

  // A resource's type (SPEC §3: id, name, owner): owner names who provides that kind of resource
  // ('coach', 'company', ...), shown as a label.
  await tenantTable(db, 'lesson_resource_types')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo('coach'))
    .execute();

  // "order" is an SQL keyword: the column is sort_order, the API calls it order.
  await tenantTable(db, 'lesson_resources')
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('lesson_resource_types.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('lesson_resources_lesson').on('lesson_resources').column('lesson_id').execute();

  // A group's lessons in order. lesson_length is in minutes; lesson_access 1 opens the lesson to the group's
  // members, 0 keeps it locked (listed, not readable).
  await tenantTable(db, 'member_group_lessons')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('lesson_order', 'integer', (c) => c.notNull())
    .addColumn('lesson_length', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lesson_access', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await unique(db, 'member_group_lessons', ['group_id', 'lesson_id']);

  // Meeting recordings of a group (POST lessons/recording/), optionally tied to one of its lessons.
  await tenantTable(db, 'lesson_recordings')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('recording_url', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lesson_recordings_group').on('lesson_recordings').column('group_id').execute();

  // One row per member, lesson and user group. field_times holds, per field, the client time of the change
  // that set it, so a replayed or late batch never overwrites a newer value (see the analytics service).
  await tenantTable(db, 'lesson_analytics')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_group_id', 'integer', (c) => c.references('user_groups.id').onDelete('cascade'))
    .addColumn('profit_impact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pre_meeting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('attend_meeting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('meeting_worksheet', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('taken_quiz', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('post_meeting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('field_times', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index lesson_analytics_key on lesson_analytics
    (user_id, lesson_id, coalesce(user_group_id, 0))`.execute(db);

  // The business academy: modules in order, each listing lessons in order.
  await tenantTable(db, 'academy_modules')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('module_order', 'integer', (c) => c.notNull())
    .execute();
  await tenantTable(db, 'academy_lessons')
    .addColumn('module_id', 'integer', (c) =>
      c.notNull().references('academy_modules.id').onDelete('cascade'),
    )
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('lesson_order', 'integer', (c) => c.notNull())
    .addColumn('lesson_length', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await unique(db, 'academy_lessons', ['module_id', 'lesson_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'academy_lessons',
    'academy_modules',
    'lesson_analytics',
    'lesson_recordings',
    'member_group_lessons',
    'lesson_resources',
    'lesson_resource_types',
    'lessons',
    'user_groups',
    'groups',
  ])
    await db.schema.dropTable(table).execute();
}
