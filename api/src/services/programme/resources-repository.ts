// The coach's library (links, and files kept in private storage) and its shares. A coach reads and changes only
// their own resources (coach_id); a client reads those with a share that reaches them: to them, to their
// company, to a group they are an active member of, or to all the clients of the resource's coach.
import { sql } from 'kysely';
import type { Expression, Insertable, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export type Audience = 'client' | 'company' | 'group' | 'all';

const columns = [
  'r.id',
  'r.title',
  'r.url',
  'r.file_name',
  'r.size',
  'r.content_type',
  'r.created_at',
] as const;

export const listOwn = (db: Kysely<Database>, tenantId: number, coachId: number) =>
  db
    .selectFrom('coach_resources as r')
    .select(columns)
    .where('r.tenant_id', '=', tenantId)
    .where('r.coach_id', '=', coachId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();

export type ResourceRow = Awaited<ReturnType<typeof listOwn>>[number];

export const findOwn = (db: Kysely<Database>, tenantId: number, coachId: number, id: number) =>
  db
    .selectFrom('coach_resources as r')
    .select([...columns, 'r.object_key'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.coach_id', '=', coachId)
    .where('r.id', '=', id)
    .executeTakeFirst();

/** The shares of these resources, with the name of whom each reaches. */
export const sharesOf = (db: Kysely<Database>, tenantId: number, resourceIds: number[]) =>
  resourceIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('resource_shares as s')
        .leftJoin('users as u', (j) =>
          j
            .onRef('u.id', '=', 's.target_id')
            .on('s.audience', '=', 'client')
            .on('u.tenant_id', '=', tenantId),
        )
        .leftJoin('companies as c', (j) =>
          j
            .onRef('c.id', '=', 's.target_id')
            .on('s.audience', '=', 'company')
            .on('c.tenant_id', '=', tenantId),
        )
        .leftJoin('groups as g', (j) =>
          j.onRef('g.id', '=', 's.target_id').on('s.audience', '=', 'group').on('g.tenant_id', '=', tenantId),
        )
        .select([
          's.id',
          's.resource_id',
          's.audience',
          's.target_id',
          sql<string | null>`coalesce(u.first_name || ' ' || u.last_name, c.name, g.title)`.as('target_name'),
        ])
        .where('s.tenant_id', '=', tenantId)
        .where('s.resource_id', 'in', resourceIds)
        .orderBy('s.id')
        .execute();

export const insertResource = (db: Kysely<Database>, values: Insertable<Database['coach_resources']>) =>
  db.insertInto('coach_resources').values(values).returning('id').executeTakeFirstOrThrow();

export const deleteResource = (db: Kysely<Database>, tenantId: number, coachId: number, id: number) =>
  db
    .deleteFrom('coach_resources')
    .where('tenant_id', '=', tenantId)
    .where('coach_id', '=', coachId)
    .where('id', '=', id)
    .execute();

/** A share, or nothing new when the same audience already has it. */
export const insertShare = (
  db: Kysely<Database>,
  values: {
    tenant_id: number;
    resource_id: number;
    audience: Audience;
    target_id: number | null;
    created_at: Date;
  },
) =>
  db
    .insertInto('resource_shares')
    .values(values)
    .onConflict((oc) => oc.expression(sql`resource_id, audience, coalesce(target_id, 0)`).doNothing())
    .execute();

export const deleteShare = async (db: Kysely<Database>, tenantId: number, resourceId: number, id: number) =>
  (await db
    .deleteFrom('resource_shares')
    .where('tenant_id', '=', tenantId)
    .where('resource_id', '=', resourceId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()) !== undefined;

/** The companies of the coach's clients, by name. */
export const coachCompanies = (db: Kysely<Database>, coach: Actor) =>
  db
    .selectFrom('coach_clients as cc')
    .where(visible(coach, 'coach_clients as cc'))
    .innerJoin('users as u', 'u.id', 'cc.client_id')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['c.id', 'c.name'])
    .distinct()
    .orderBy('c.name')
    .execute();

/** The coach's own groups, by title. */
export const coachGroups = (db: Kysely<Database>, tenantId: number, coachId: number) =>
  db
    .selectFrom('groups')
    .select(['id', 'title'])
    .where('tenant_id', '=', tenantId)
    .where('coach_id', '=', coachId)
    .orderBy('title')
    .execute();

/** The coach's clients, by name. */
export const coachClientList = (db: Kysely<Database>, coach: Actor) =>
  db
    .selectFrom('coach_clients as cc')
    .where(visible(coach, 'coach_clients as cc'))
    .innerJoin('users as u', 'u.id', 'cc.client_id')
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();

/** Whether a share of resource `r` reaches the client (the caller's own user row is `me`). */
function reaches(db: Kysely<Database>, client: Actor): Expression<SqlBool> {
  const groups = db
    .selectFrom('user_groups as ug')
    .where(visible(client, 'user_groups as ug'))
    .select('ug.group_id')
    .where('ug.status', '=', 'active');
  const coachesOfMine = db
    .selectFrom('coach_clients as cc')
    .where(visible(client, 'coach_clients as cc'))
    .select('cc.coach_id');
  const company = db
    .selectFrom('users as me')
    .select('me.company_id')
    .where('me.id', '=', client.userId)
    .where('me.tenant_id', '=', client.tenantId);
  return sql<SqlBool>`exists (select 1 from resource_shares s where s.resource_id = r.id and s.tenant_id = r.tenant_id and (
      (s.audience = 'client' and s.target_id = ${client.userId})
      or (s.audience = 'company' and s.target_id in (${company}))
      or (s.audience = 'group' and s.target_id in (${groups}))
      or (s.audience = 'all' and r.coach_id in (${coachesOfMine}))))`;
}

/** The resources shared with the client, newest first, with the name of the coach who shared them. */
export const listShared = (db: Kysely<Database>, client: Actor) =>
  db
    .selectFrom('coach_resources as r')
    .innerJoin('coaches as co', 'co.id', 'r.coach_id')
    .innerJoin('users as cu', 'cu.id', 'co.user_id')
    .select([...columns, 'cu.first_name as coach_first_name', 'cu.last_name as coach_last_name'])
    .where('r.tenant_id', '=', client.tenantId)
    .where(reaches(db, client))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();

export const findShared = (db: Kysely<Database>, client: Actor, id: number) =>
  db
    .selectFrom('coach_resources as r')
    .select(['r.file_name', 'r.content_type', 'r.object_key'])
    .where('r.tenant_id', '=', client.tenantId)
    .where('r.id', '=', id)
    .where(reaches(db, client))
    .executeTakeFirst();
