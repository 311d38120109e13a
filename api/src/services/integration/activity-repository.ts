// What the tenant's clients did, read for the tenant's own systems: each list is the tenant's rows (the admin's
// scope, access/scope.ts; messages and files, which that scope leaves to their parties, by the tenant alone:
// the business's own systems are where its conversations are kept, which is what a key is made for), ordered by time then id for cursor.ts's pages, with the people named by email (the
// key a CRM matches on). A message's subject and body go out only when the tenant's tenant.json opts in
// (integrationApi.messageContent): the admin's screens keep conversations to their parties, and so does this.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { checklistCounts, lessonCompleted } from '../checklist/checklist-repository.js';
import { inPages } from './cursor.js';
import type { PageQuery } from './cursor.js';

/** The email of the user a column names: how every list of the integration API names a person. */
export const emailOf = (column: string) =>
  sql<string>`(select u.email from users u where u.id = ${sql.ref(column)})`;

/** What the tenant shares with its own systems beyond who did what when (tenant.json's integrationApi). */
export interface Shares {
  messageContent: boolean;
}

/** A message's words only where the tenant opted in; else null, never read from the table. */
const shared = (column: 'e.subject' | 'e.body', shares: Shares) =>
  shares.messageContent ? sql<string | null>`${sql.ref(column)}` : sql<string | null>`null`;

export const messages = (db: Kysely<Database>, tenant: Actor, page: PageQuery, shares: Shares) =>
  db
    .selectFrom('emails as e')
    .where('e.tenant_id', '=', tenant.tenantId)
    .select([
      'e.id',
      'e.parent_id',
      emailOf('e.from_user_id').as('from_email'),
      emailOf('e.to_user_id').as('to_email'),
      shared('e.subject', shares).as('subject'),
      shared('e.body', shares).as('body'),
      'e.read',
      'e.created_at',
    ])
    .$call(inPages('e', page))
    .execute();

export const files = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('company_files as f')
    .where('f.tenant_id', '=', tenant.tenantId)
    .select([
      'f.id',
      'f.company_id',
      emailOf('f.uploader_id').as('uploader_email'),
      emailOf('f.recipient_id').as('recipient_email'),
      'f.description',
      sql<{ name: string; size: number; content_type: string }[]>`coalesce((
        select json_agg(json_build_object('name', i.name, 'size', i.size, 'content_type', i.content_type) order by i.id)
        from company_file_items i where i.company_file_id = f.id), '[]'::json)`.as('files'),
      'f.created_at',
    ])
    .$call(inPages('f', page))
    .execute();

export const tickets = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('support_tickets as t')
    .where(owned(tenant, 'support_tickets as t'))
    .select([
      't.id',
      emailOf('t.user_id').as('client_email'),
      't.category',
      't.subject',
      't.message',
      't.status',
      't.created_at',
    ])
    .$call(inPages('t', page))
    .execute();

export const testimonials = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('testimonials as t')
    .where(owned(tenant, 'testimonials as t'))
    .select([
      't.id',
      emailOf('t.user_id').as('client_email'),
      't.testimonial',
      't.display_name',
      't.approved',
      't.status',
      't.created_at',
    ])
    .$call(inPages('t', page))
    .execute();

export const referrals = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('referrals as r')
    .where(owned(tenant, 'referrals as r'))
    .select([
      'r.id',
      emailOf('r.user_id').as('client_email'),
      'r.first_name',
      'r.last_name',
      'r.email',
      'r.note',
      'r.status',
      'r.created_at',
    ])
    .$call(inPages('r', page))
    .execute();

export const payments = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('group_payments as p')
    .where(owned(tenant, 'group_payments as p'))
    .select([
      'p.id',
      emailOf('p.user_id').as('client_email'),
      'p.group_id',
      'p.amount',
      'p.currency',
      'p.status',
      'p.paid_at',
      'p.created_at',
    ])
    .$call(inPages('p', page))
    .execute();

/** Ordered by the last change, so a system polling with `since` hears of a lesson again when it moves on. */
export const lessonProgress = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('lesson_analytics as a')
    .where(owned(tenant, 'lesson_analytics as a'))
    .select([
      'a.id',
      emailOf('a.user_id').as('client_email'),
      'a.lesson_id',
      'a.user_group_id',
      'a.pre_meeting',
      'a.attend_meeting',
      'a.meeting_worksheet',
      'a.taken_quiz',
      'a.post_meeting',
      checklistCounts.items.as('checklist_items'),
      checklistCounts.ticked.as('checklist_ticked'),
      lessonCompleted.as('completed'),
      'a.updated_at',
    ])
    .$call(inPages('a', page, 'updated_at'))
    .execute();

/** A count of a subquery, as a JSON number (count(*) is a bigint, which the driver reads as a string). */
const count = (sub: RawBuilder<unknown>) => sql<number>`(${sub})::int`;

/** Clients' goals with what their progress is counted from, ordered by the last change (a completion moves it). */
export const goals = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('goals as g')
    .where(owned(tenant, 'goals as g'))
    .select([
      'g.id',
      emailOf('g.client_id').as('client_email'),
      'g.title',
      'g.why',
      'g.target_date',
      'g.status',
      count(sql`select count(*) from goal_milestones m where m.goal_id = g.id`).as('milestones'),
      count(sql`select count(*) from goal_milestones m where m.goal_id = g.id and m.done`).as(
        'milestones_done',
      ),
      count(sql`select count(*) from action_steps s where s.goal_id = g.id`).as('action_steps'),
      // Done: the board's last column (SPEC §4: a status above 2), as goals-service.ts counts it.
      count(sql`select count(*) from action_steps s where s.goal_id = g.id and s.status > 2`).as(
        'action_steps_done',
      ),
      'g.completed_at',
      'g.updated_at',
    ])
    .$call(inPages('g', page, 'updated_at'))
    .execute();

/** The recaps coaches shared (never a draft), ordered by the last change. */
export const recaps = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('recaps as r')
    .where(owned(tenant, 'recaps as r'))
    .innerJoin('meetings as m', (join) =>
      join.onRef('m.id', '=', 'r.meeting_id').on(owned(tenant, 'meetings as m')),
    )
    .where('r.shared_at', 'is not', null)
    .select([
      'r.id',
      emailOf('r.client_id').as('client_email'),
      emailOf('r.author_id').as('coach_email'),
      'r.meeting_id',
      'm.title as meeting_title',
      'm.starts_at as meeting_starts_at',
      'r.body',
      count(sql`select count(*) from recap_comments c where c.recap_id = r.id`).as('comments'),
      sql<Date>`r.shared_at`.as('shared_at'),
      'r.updated_at',
    ])
    .$call(inPages('r', page, 'updated_at'))
    .execute();

/** The forms sent to the tenant's clients, with the answers of those submitted, in the order they were sent. */
export const formSends = (db: Kysely<Database>, tenant: Actor, page: PageQuery) =>
  db
    .selectFrom('form_sends as s')
    .where(owned(tenant, 'form_sends as s'))
    .innerJoin('forms as f', 'f.id', 's.form_id')
    .innerJoin('form_versions as v', 'v.id', 's.version_id')
    .select([
      's.id',
      emailOf('s.client_id').as('client_email'),
      's.form_id',
      'f.title',
      'v.version',
      's.status',
      's.meeting_id',
      sql<string | null>`to_char(s.due_on, 'YYYY-MM-DD')`.as('due_on'),
      's.sent_at',
      's.submitted_at',
      sql<Record<string, unknown> | null>`case when s.status = 'submitted' then s.answers end`.as('answers'),
    ])
    .$call(inPages('s', page, 'sent_at'))
    .execute();
