// Cursor pagination of the integration API's reads: rows in a stable order (their time, then their id), a page
// of at most `limit`, and an opaque cursor naming the last row handed out, so the next page starts after it
// even when rows are added meanwhile. `since` keeps rows of that time or later (a system polling for news).
import { sql } from 'kysely';
import type { Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';

export interface PageQuery {
  limit: number;
  since?: string | undefined;
  cursor?: string | undefined;
}

interface Position {
  at: Date;
  id: number;
}

const encode = (p: Position) => Buffer.from(`${p.at.toISOString()}|${p.id}`).toString('base64url');

function decode(cursor: string): Position {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const position = { at: new Date(at ?? ''), id: Number(id) };
  if (Number.isNaN(position.at.getTime()) || !Number.isSafeInteger(position.id))
    throw new FieldError({ cursor: ['This cursor is not one a page of this list handed out.'] });
  return position;
}

/** The rows after the cursor and from `since`, for a query ordered by `time`, then `id`. */
function after(time: string, id: string, query: PageQuery): Expression<SqlBool> {
  const parts = [sql<SqlBool>`true`];
  if (query.since) parts.push(sql<SqlBool>`${sql.ref(time)} >= ${new Date(query.since)}`);
  if (query.cursor) {
    const from = decode(query.cursor);
    parts.push(sql<SqlBool>`(${sql.ref(time)}, ${sql.ref(id)}) > (${from.at}, ${from.id})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * One page of a query on table alias `from`: the rows after the cursor and from `since`, ordered by `time` then
 * id, one more than the page holds so toPage knows whether another follows.
 */
export const inPages =
  (from: string, page: PageQuery, time = 'created_at') =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table and selection of the schema
  <Q extends SelectQueryBuilder<Database, any, any>>(query: Q): Q =>
    query
      .where(after(`${from}.${time}`, `${from}.id`, page))
      .orderBy(sql.ref(`${from}.${time}`))
      .orderBy(sql.ref(`${from}.id`))
      .limit(page.limit + 1) as Q;

/** A page from `limit + 1` rows read: the first `limit` and, when there were more, the cursor after them. */
export function toPage<R extends { id: number }>(rows: R[], query: PageQuery, time: (row: R) => Date) {
  const data = rows.slice(0, query.limit);
  const last = data.at(-1);
  const next_cursor = rows.length > query.limit && last ? encode({ at: time(last), id: last.id }) : null;
  return { data, next_cursor };
}
