// A coach's writes to an assigned client's assessment: every query starts from the coach's scope and names the
// client, so an assessment, area or step of anyone else (another coach's client, another of one's own clients
// named through the wrong page) finds nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

export interface AreaFields {
  name: string;
  score: number;
  current_amount: number;
  potential_amount: number;
  focus_rank: number | null;
  goal: string;
}

export const findClientAssessment = (
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  id: number,
) =>
  db
    .selectFrom('assessments as a')
    .where(owned(coach, 'assessments as a'))
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .select(['a.id', 'a.title', 'a.assessed_on', 'a.currency_id', 'c.code as currency'])
    .where('a.client_id', '=', client.userId)
    .where('a.id', '=', id)
    .executeTakeFirst();

/** The currency of the newest assessment the coach reaches, the tenant's own by the demo data's rule. */
export const latestCurrency = (db: Kysely<Database>, coach: Actor) =>
  db
    .selectFrom('assessments as a')
    .where(owned(coach, 'assessments as a'))
    .select('a.currency_id')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .executeTakeFirst();

/** The client's company: an assessment is of the business it is made for. */
export const clientCompany = (db: Kysely<Database>, coach: Actor, client: AssignedClient) =>
  db
    .selectFrom('users')
    .select('company_id')
    .where('tenant_id', '=', coach.tenantId)
    .where('id', '=', client.userId)
    .executeTakeFirst();

export const insertAssessment = (
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  values: { title: string; assessed_on: string; currency_id: number; company_id: number | null; at: Date },
) =>
  db
    .insertInto('assessments')
    .values({
      ...ownerValues(coach, 'assessments', client),
      title: values.title,
      assessed_on: values.assessed_on,
      currency_id: values.currency_id,
      company_id: values.company_id,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateAssessment = (
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  id: number,
  values: { title?: string | undefined; assessed_on?: string | undefined; updated_at: Date },
) =>
  db
    .updateTable('assessments')
    .where(owned(coach, 'assessments'))
    .set(values)
    .where('client_id', '=', client.userId)
    .where('id', '=', id)
    .execute();

export const insertArea = async (
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  assessmentId: number,
  fields: AreaFields,
) =>
  db
    .insertInto('assessment_areas')
    .values({
      ...ownerValues(coach, 'assessment_areas', client),
      assessment_id: assessmentId,
      position:
        ((
          await db
            .selectFrom('assessment_areas')
            .where(owned(coach, 'assessment_areas'))
            .select((eb) => eb.fn.max('position').as('last'))
            .where('assessment_id', '=', assessmentId)
            .executeTakeFirst()
        )?.last ?? 0) + 1,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The area when it is of this client's assessment, with the assessment's id. */
export const findClientArea = (db: Kysely<Database>, coach: Actor, client: AssignedClient, id: number) =>
  db
    .selectFrom('assessment_areas')
    .where(owned(coach, 'assessment_areas'))
    .select(['id', 'assessment_id', 'focus_rank'])
    .where('client_id', '=', client.userId)
    .where('id', '=', id)
    .executeTakeFirst();

export const updateArea = (
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  id: number,
  fields: Partial<AreaFields>,
) =>
  db
    .updateTable('assessment_areas')
    .where(owned(coach, 'assessment_areas'))
    .set(fields)
    .where('client_id', '=', client.userId)
    .where('id', '=', id)
    .execute();

export const deleteArea = (db: Kysely<Database>, coach: Actor, client: AssignedClient, id: number) =>
  db
    .deleteFrom('assessment_areas')
    .where(owned(coach, 'assessment_areas'))
    .where('client_id', '=', client.userId)
    .where('id', '=', id)
    .execute();

export const deleteStep = async (db: Kysely<Database>, coach: Actor, client: AssignedClient, id: number) =>
  (await db
    .deleteFrom('implementation_steps')
    .where(owned(coach, 'implementation_steps'))
    .where('client_id', '=', client.userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()) !== undefined;
