// The coach's clients' tickets, testimonials and referrals, with where the coach is with each (its status, and
// a testimonial's approval for publication). Reads and changes go through the coach's scope (access/scope.ts),
// so a row of another coach's client or another tenant is never listed and a change by its id finds nothing.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, RequestStatus } from '../../db/database.js';
import { owned, ownerValues, visible } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';
import type { RequestKind } from '../support/coach-notice.js';

export type RequestTable = 'support_tickets' | 'testimonials' | 'referrals';

// A line that sums a row up, and the whole of what the client wrote.
const summaries = {
  support_tickets: sql<string>`subject`,
  testimonials: sql<string>`testimonial`,
  referrals: sql<string>`first_name || ' ' || last_name`,
};
const texts = {
  support_tickets: sql<string>`message`,
  testimonials: sql<string>`testimonial`,
  referrals: sql<string>`email || E'\n' || note`,
};

/** One kind of request of the coach's clients, newest first; `open` leaves out the ones done. */
export function requestsOf(db: Kysely<Database>, coach: Actor, table: RequestTable, open: boolean) {
  let query = db
    .selectFrom(table)
    .where(visible(coach, table))
    .select([
      'id',
      'user_id as client_id',
      'created_at',
      'status',
      'status_changed_at',
      summaries[table].as('summary'),
      texts[table].as('text'),
      (table === 'testimonials' ? sql<boolean | null>`approved` : sql<boolean | null>`null`).as('approved'),
      // users has no user_id column, so the name is the submitter's.
      sql<string>`(select u.first_name from users u where u.id = user_id)`.as('first_name'),
      sql<string>`(select u.last_name from users u where u.id = user_id)`.as('last_name'),
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (open) query = query.where('status', '!=', 'done');
  return query.execute();
}

export interface RequestChange {
  status?: RequestStatus | undefined;
  approved?: boolean | undefined;
}

/** Changes a request of one of the coach's clients (or, with nothing to change, finds it); undefined when the
 * id is not one of theirs. */
export function updateRequest(
  db: Kysely<Database>,
  coach: Actor,
  table: RequestTable,
  id: number,
  change: RequestChange,
  at: Date,
) {
  const { status, approved } = change;
  const set = {
    ...(status !== undefined && { status, status_changed_at: at }),
    ...(approved !== undefined && table === 'testimonials' && { approved }),
  };
  if (Object.keys(set).length === 0)
    return db
      .selectFrom(table)
      .where(owned(coach, table))
      .where('id', '=', id)
      .select(['id', 'user_id'])
      .executeTakeFirst();
  return db
    .updateTable(table)
    .where(owned(coach, table))
    .set(set)
    .where('id', '=', id)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

/** Keeps a coach's answer to a request of a client assigned to them (the mail alone is not the record). */
export function insertAnswer(
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  answer: { kind: RequestKind; request_id: number; body: string },
  at: Date,
) {
  return db
    .insertInto('request_answers')
    .values({
      ...ownerValues(coach, 'request_answers', client),
      author_id: coach.userId,
      ...answer,
      created_at: at,
    })
    .execute();
}

/** The answers the actor may read to requests of one kind, oldest first, each with its author's name. */
export function answersOf(db: Kysely<Database>, actor: Actor, kind: RequestKind, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('request_answers as a')
    .where(visible(actor, 'request_answers as a'))
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select(['a.request_id', 'a.body', 'a.created_at', 'u.first_name', 'u.last_name'])
    .where('a.kind', '=', kind)
    .where('a.request_id', 'in', requestIds)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
}
