// Assessments and implementation. currencies is reference data shared by every tenant (ISO 4217 codes, filled
// here so every database has them). An assessment belongs to one client of one tenant (client_id, with the
// client's company at the time, for the company listing); its areas are the analysis lines, whole amounts in
// the assessment's currency, and an area with a focus_rank is a focus area ("priority"). Implementation steps
// hang off a focus area and may point at the action step they were put on the board as (kept if it is deleted).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const currencies: [string, string][] = [
  ['USD', 'US Dollar'],
  ['EUR', 'Euro'],
  ['GBP', 'Pound Sterling'],
  ['CAD', 'Canadian Dollar'],
  ['AUD', 'Australian Dollar'],
  ['NZD', 'New Zealand Dollar'],
  ['CHF', 'Swiss Franc'],
  ['JPY', 'Yen'],
  ['ZAR', 'Rand'],
  ['INR', 'Indian Rupee'],
];

const owned = (db: Kysely<unknown>, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('currencies' as never)
    .values(currencies.map(([code, name]) => ({ code, name })) as never)
    .execute();

  await owned(db, 'assessments')
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    // A calendar date ('YYYY-MM-DD') as text, like meeting_notes.meeting_date.
    .addColumn('assessed_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await owned(db, 'assessment_areas')
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('assessments.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 0 and 100`))
    .addColumn('current_amount', 'integer', (c) => c.notNull())
    .addColumn('potential_amount', 'integer', (c) => c.notNull())
    .addColumn('focus_rank', 'integer')
    .addColumn('goal', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await owned(db, 'implementation_steps')
    .addColumn('area_id', 'integer', (c) => c.notNull().references('assessment_areas.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('due_date', 'text')
    .addColumn('action_step_id', 'integer', (c) => c.references('action_steps.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('assessments_client')
    .on('assessments')
    .columns(['tenant_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('assessment_areas_assessment')
    .on('assessment_areas')
    .column('assessment_id')
    .execute();
  await db.schema
    .createIndex('implementation_steps_area')
    .on('implementation_steps')
    .column('area_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['implementation_steps', 'assessment_areas', 'assessments', 'currencies'])
    await db.schema.dropTable(table).execute();
}
