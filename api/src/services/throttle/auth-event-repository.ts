import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AuthEventsTable, Database } from '../../db/database.js';

type Kind = AuthEventsTable['kind'];

/** Records one event; resolves to its id. */
export async function recordEvent(
  db: Kysely<Database>,
  event: { tenant_id: number; kind: Kind; subject: string; ip: string; created_at: Date },
): Promise<number> {
  const row = await db.insertInto('auth_events').values(event).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteEvent(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('auth_events').where('id', '=', id).execute();
}

export interface EventWindow {
  count: number;
  oldest: Date | null;
  newest: Date | null;
}

// Either one account's events in a tenant, or one IP's events across tenants.
export async function eventsSince(
  db: Kysely<Database>,
  filter: { kind: Kind; since: Date } & ({ tenant_id: number; subject: string } | { ip: string }),
): Promise<EventWindow> {
  let query = db
    .selectFrom('auth_events')
    .select([
      sql<number>`count(*)::int`.as('count'),
      (eb) => eb.fn.min('created_at').as('oldest'),
      (eb) => eb.fn.max('created_at').as('newest'),
    ])
    .where('kind', '=', filter.kind)
    .where('created_at', '>', filter.since);
  query =
    'ip' in filter
      ? query.where('ip', '=', filter.ip)
      : query.where('tenant_id', '=', filter.tenant_id).where('subject', '=', filter.subject);
  const row = await query.executeTakeFirstOrThrow();
  return { count: row.count, oldest: row.oldest, newest: row.newest };
}

export async function clearEvents(
  db: Kysely<Database>,
  tenantId: number,
  kind: Kind,
  subject: string,
): Promise<void> {
  await db
    .deleteFrom('auth_events')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .execute();
}

/** Deletes one event of the subject newer than `since`; false when there was none (or a parallel call took it). */
export async function takeEvent(
  db: Kysely<Database>,
  q: { tenant_id: number; kind: Kind; subject: string; since: Date },
): Promise<boolean> {
  const row = await db
    .deleteFrom('auth_events')
    .where('id', '=', (eb) =>
      eb
        .selectFrom('auth_events')
        .select('id')
        .where('tenant_id', '=', q.tenant_id)
        .where('kind', '=', q.kind)
        .where('subject', '=', q.subject)
        .where('created_at', '>', q.since)
        .orderBy('created_at')
        .limit(1),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
