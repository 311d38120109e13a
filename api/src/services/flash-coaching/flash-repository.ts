// Flash-coaching rows. A lesson is the caller's when a progress record of one of the caller's own assessments
// names its slug (SPEC §6): every query joins through assessments scoped to the owner, so another client's or
// tenant's ids find nothing.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

type Db = Kysely<Database> | Transaction<Database>;

const progressOf = (db: Db, owner: Actor) =>
  db
    .selectFrom('assessment_progress as p')
    .innerJoin('assessments as a', (j) =>
      j.onRef('a.id', '=', 'p.assessment_id').on(owned(owner, 'assessments as a')),
    )
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.tenant_id', '=', 'p.tenant_id').onRef('l.slug', '=', 'p.path').on('l.published', '=', true),
    )
    .where('p.tenant_id', '=', owner.tenantId);

/** Every flash-coaching lesson of the caller's assessments, open or locked, newest assessment first. */
export const listLessons = (db: Db, owner: Actor) =>
  progressOf(db, owner)
    .select([
      'p.assessment_id',
      'a.title as assessment_title',
      'p.access',
      'l.id',
      'l.title',
      'l.slug',
      'l.short_desc',
      'l.lesson_img',
    ])
    .orderBy('a.id', 'desc')
    .orderBy('p.position')
    .orderBy('l.id')
    .execute();

/** The progress record that gives the caller this lesson of this assessment, with the lesson. */
export const findProgress = (db: Db, owner: Actor, assessmentId: number, lessonId: number) =>
  progressOf(db, owner)
    .selectAll('l')
    .select(['p.access', 'a.title as assessment_title'])
    .where('p.assessment_id', '=', assessmentId)
    .where('l.id', '=', lessonId)
    .executeTakeFirst();

export interface FlashKey {
  assessmentId: number;
  lessonId: number;
}

const analyticsColumns = [
  'assessment_id',
  'lesson_id',
  'taken_quiz',
  'profit_impact',
  'notes',
  'field_times',
  'updated_at',
] as const;

export const findAnalytics = (db: Db, owner: Actor, key: FlashKey) =>
  db
    .selectFrom('flash_analytics')
    .where(owned(owner, 'flash_analytics'))
    .select(analyticsColumns)
    .where('assessment_id', '=', key.assessmentId)
    .where('lesson_id', '=', key.lessonId)
    .executeTakeFirst();

/** The row of this lesson, created empty if missing, locked for the rest of the transaction. */
export async function lockAnalytics(trx: Transaction<Database>, owner: Actor, key: FlashKey, at: Date) {
  await trx
    .insertInto('flash_analytics')
    .values({
      ...ownerValues(owner, 'flash_analytics'),
      assessment_id: key.assessmentId,
      lesson_id: key.lessonId,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'assessment_id', 'lesson_id']).doNothing())
    .execute();
  return trx
    .selectFrom('flash_analytics')
    .where(owned(owner, 'flash_analytics'))
    .select(['id', ...analyticsColumns])
    .where('assessment_id', '=', key.assessmentId)
    .where('lesson_id', '=', key.lessonId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export interface FlashValues {
  taken_quiz: boolean;
  profit_impact: string;
  notes: string;
}

export async function saveAnalytics(
  trx: Transaction<Database>,
  owner: Actor,
  id: number,
  values: FlashValues,
  times: Selectable<Database['flash_analytics']>['field_times'],
  at: Date,
) {
  await trx
    .updateTable('flash_analytics')
    .where(owned(owner, 'flash_analytics'))
    .set({ ...values, field_times: JSON.stringify(times), updated_at: at })
    .where('id', '=', id)
    .execute();
}
