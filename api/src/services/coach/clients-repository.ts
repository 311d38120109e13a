// The coach's clients: the list (one statement, its counts as subqueries scoped like every other read) and the
// pieces of one client's page, each read for that client only after they were found assigned to the coach.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { containing } from '../../db/like.js';
import { owned, visible } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';
import { completedCount } from '../checklist/checklist-repository.js';
import { inScope } from '../company-files/company-files-repository.js';

type ClientSort = 'name' | 'company' | 'unread' | 'overdue' | 'next_meeting';

export interface ClientQuery {
  search?: string | undefined;
  sort: ClientSort;
  order: 'asc' | 'desc';
  today: string;
  now: Date;
}

/** A search term as a LIKE pattern that matches it literally anywhere. */

export function listClients(db: Kysely<Database>, coach: Actor, query: ClientQuery) {
  let q = db
    .selectFrom('coach_clients as cc')
    .where(owned(coach, 'coach_clients as cc'))
    .innerJoin('users as u', 'u.id', 'cc.client_id')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select((eb) => [
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.time_zone',
      'u.company_id',
      'c.name as company',
      'cc.since',
      eb
        .selectFrom('emails as e')
        .where(visible(coach, 'emails as e', 'to_user_id'))
        .whereRef('e.from_user_id', '=', 'u.id')
        .where('e.read', '=', false)
        .select((x) => x.fn.countAll<string | number>().as('n'))
        .as('unread'),
      eb
        .selectFrom('action_steps as s')
        .where(visible(coach, 'action_steps as s'))
        .whereRef('s.client_id', '=', 'u.id')
        .where('s.status', '!=', 3)
        .select((x) => x.fn.countAll<string | number>().as('n'))
        .as('open_steps'),
      eb
        .selectFrom('action_steps as o')
        .where(visible(coach, 'action_steps as o'))
        .whereRef('o.client_id', '=', 'u.id')
        .where('o.status', '!=', 3)
        .where('o.due_date', '<', query.today)
        .select((x) => x.fn.countAll<string | number>().as('n'))
        .as('overdue'),
      eb
        .selectFrom('meetings as m')
        .where(visible(coach, 'meetings as m'))
        .whereRef('m.client_id', '=', 'u.id')
        .where('m.starts_at', '>=', query.now)
        .select((x) => x.fn.min('m.starts_at').as('n'))
        .as('next_meeting'),
    ]);
  if (query.search) {
    const like = containing(query.search);
    q = q.where((eb) =>
      eb.or([
        eb(sql`u.first_name || ' ' || u.last_name`, 'ilike', like),
        eb('u.email', 'ilike', like),
        eb('c.name', 'ilike', like),
      ]),
    );
  }
  const { order } = query;
  // Nulls (no company, no next meeting) last whichever the order, then by name so the list never shuffles.
  const key = {
    name: sql`lower(u.last_name) ${sql.raw(order)}, lower(u.first_name) ${sql.raw(order)}`,
    company: sql`lower(c.name) ${sql.raw(order)} nulls last`,
    unread: sql`unread ${sql.raw(order)}`,
    overdue: sql`overdue ${sql.raw(order)}`,
    next_meeting: sql`next_meeting ${sql.raw(order)} nulls last`,
  }[query.sort];
  return q
    .orderBy(key)
    .orderBy(sql`lower(u.last_name), lower(u.first_name), u.id`)
    .execute();
}

export function clientProfile(db: Kysely<Database>, client: AssignedClient) {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.title',
      'u.location',
      'u.time_zone',
      'u.phone_number',
      'u.profile_pic',
      'u.company_id',
      'c.name as company',
    ])
    .where('u.tenant_id', '=', client.tenantId)
    .where('u.id', '=', client.userId)
    .executeTakeFirstOrThrow();
}

/** One client's rows of a client-work table, in the coach's scope. */
export const meetingsOf = (db: Kysely<Database>, coach: Actor, client: AssignedClient) =>
  db
    .selectFrom('meetings')
    .where(visible(coach, 'meetings'))
    .selectAll()
    .where('client_id', '=', client.userId)
    .orderBy('starts_at')
    .execute();

export const clientNotesOf = (db: Kysely<Database>, coach: Actor, client: AssignedClient) =>
  db
    .selectFrom('meeting_notes')
    .where(visible(coach, 'meeting_notes'))
    .select(['id', 'title', 'body', 'meeting_date', 'created_at', 'updated_at'])
    .where('client_id', '=', client.userId)
    .orderBy('created_at', 'desc')
    .execute();

export const privateNotesOf = (db: Kysely<Database>, coach: Actor, client: AssignedClient) =>
  db
    .selectFrom('coach_notes')
    .where(visible(coach, 'coach_notes'))
    .select(['id', 'body', 'meeting_id', 'author_id', 'created_at', 'updated_at'])
    .where('client_id', '=', client.userId)
    .orderBy('created_at', 'desc')
    .execute();

export const stepsOf = (
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  table: 'action_steps' | 'commitments',
) =>
  db
    .selectFrom(table)
    .where(visible(coach, table))
    .select(['id', 'title', 'description', 'status', 'due_date', 'created_at', 'updated_at'])
    .where('client_id', '=', client.userId)
    .orderBy('id')
    .execute();

export async function metricsOf(db: Kysely<Database>, coach: Actor, client: AssignedClient) {
  const [metrics, values] = await Promise.all([
    db
      .selectFrom('metrics')
      .where(visible(coach, 'metrics'))
      .select(['id', 'name', 'unit', 'target', 'direction'])
      .where('client_id', '=', client.userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('metric_values')
      .where(visible(coach, 'metric_values'))
      .select(['metric_id', 'period', 'value', 'note'])
      .where('client_id', '=', client.userId)
      .orderBy('period')
      .execute(),
  ]);
  return metrics.map((m) => ({ ...m, values: values.filter((v) => v.metric_id === m.id) }));
}

export const assessmentsOf = (db: Kysely<Database>, coach: Actor, client: AssignedClient) =>
  db
    .selectFrom('assessments')
    .where(visible(coach, 'assessments'))
    .select(['id', 'title', 'assessed_on'])
    .where('client_id', '=', client.userId)
    .orderBy('assessed_on', 'desc')
    .execute();

/**
 * The files of the client's company (SPEC shares them with colleagues), the client's own sendings included, and
 * those sent to the client alone; not those a colleague alone was sent.
 */
/**
 * The files the client sees (their company's and their own; a client without a company, their own alone), each
 * with who sent it and whether that was a coach.
 */
export const filesOf = (
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  companyId: number | null,
) =>
  db
    .selectFrom('company_files as f')
    .where(visible(coach, 'company_files as f'))
    .where(inScope({ ...coach, companyId, clientId: client.userId }))
    .innerJoin('company_file_items as i', 'i.company_file_id', 'f.id')
    .innerJoin('users as u', 'u.id', 'f.uploader_id')
    .leftJoin('coaches as c', 'c.user_id', 'f.uploader_id')
    .select([
      'i.id',
      'f.id as sending_id',
      'f.uploader_id',
      'u.first_name',
      'u.last_name',
      'c.id as coach_id',
      'f.recipient_id',
      'f.description',
      'i.name',
      'i.size',
      'i.content_type',
      'f.created_at',
    ])
    .orderBy('f.created_at', 'desc')
    .orderBy('i.id')
    .execute();

/** The client's groups, with how many of each group's lessons they have started and finished. */
export const groupsOf = (db: Kysely<Database>, coach: Actor, client: AssignedClient) =>
  db
    .selectFrom('user_groups as ug')
    .where(visible(coach, 'user_groups as ug'))
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select((eb) => [
      'ug.id',
      'g.id as group_id',
      'g.title',
      'ug.status',
      'ug.joined_at',
      eb
        .selectFrom('member_group_lessons as m')
        .innerJoin('lessons as l', 'l.id', 'm.lesson_id')
        .whereRef('m.group_id', '=', 'g.id')
        .where('l.published', '=', true)
        .select((x) => x.fn.countAll<string | number>().as('n'))
        .as('lessons'),
      eb
        .selectFrom('lesson_analytics as a')
        .where(visible(coach, 'lesson_analytics as a'))
        .whereRef('a.user_group_id', '=', 'ug.id')
        .select((x) => x.fn.countAll<string | number>().as('n'))
        .as('started'),
      completedCount(db, coach).as('completed'),
    ])
    .where('ug.user_id', '=', client.userId)
    .orderBy('ug.joined_at')
    .execute();
