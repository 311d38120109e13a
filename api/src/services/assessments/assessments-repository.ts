// Assessments, their analysis areas and the currencies they are counted in. Every query of a client's rows
// is scoped to the owner, so another client's ids find nothing.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export async function listCurrencies(db: Kysely<Database>) {
  return db.selectFrom('currencies').select(['id', 'code', 'name']).orderBy('code').execute();
}

const countAll = sql<number>`count(*)::int`;

/** The caller's assessments, newest first, with how many areas, focus areas and steps each has. */
export async function listAssessments(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('assessments as a')
    .where(owned(owner, 'assessments as a'))
    .leftJoin('companies as c', 'c.id', 'a.company_id')
    .select([
      'a.id',
      'a.title',
      'c.name as company',
      'a.currency_id',
      'a.assessed_on',
      'a.created_at',
      (eb) =>
        eb
          .selectFrom('assessment_areas as r')
          .where(owned(owner, 'assessment_areas as r'))
          .select(countAll.as('n'))
          .whereRef('r.assessment_id', '=', 'a.id')
          .as('areas_count'),
      (eb) =>
        eb
          .selectFrom('assessment_areas as r')
          .where(owned(owner, 'assessment_areas as r'))
          .select(countAll.as('n'))
          .whereRef('r.assessment_id', '=', 'a.id')
          .where('r.focus_rank', 'is not', null)
          .as('focus_count'),
      (eb) =>
        eb
          .selectFrom('implementation_steps as s')
          .where(owned(owner, 'implementation_steps as s'))
          .innerJoin('assessment_areas as r', (join) =>
            join.onRef('r.id', '=', 's.area_id').on(owned(owner, 'assessment_areas as r')),
          )
          .select(countAll.as('n'))
          .whereRef('r.assessment_id', '=', 'a.id')
          .as('steps_count'),
    ])
    .orderBy('a.assessed_on', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

export async function findAssessment(db: Kysely<Database>, owner: Actor, id: number) {
  return db
    .selectFrom('assessments as a')
    .where(owned(owner, 'assessments as a'))
    .leftJoin('companies as c', 'c.id', 'a.company_id')
    .select(['a.id', 'a.title', 'c.name as company', 'a.currency_id', 'a.assessed_on', 'a.created_at'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

const areaColumns = [
  'id',
  'assessment_id',
  'name',
  'score',
  'current_amount',
  'potential_amount',
  'focus_rank',
  'goal',
] as const;

/** An assessment's analysis lines in their order (the assessment is the caller's: checked before). */
export async function listAreas(db: Kysely<Database>, owner: Actor, assessmentId: number) {
  return db
    .selectFrom('assessment_areas')
    .where(owned(owner, 'assessment_areas'))
    .select(areaColumns)
    .where('assessment_id', '=', assessmentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** One of the caller's focus areas: an area with a focus rank. */
export async function findFocusArea(db: Kysely<Database>, owner: Actor, id: number) {
  return db
    .selectFrom('assessment_areas')
    .where(owned(owner, 'assessment_areas'))
    .select(areaColumns)
    .where('id', '=', id)
    .where('focus_rank', 'is not', null)
    .executeTakeFirst();
}
