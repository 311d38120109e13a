// The coach's mailbox as threads: one row per thread the coach is a party of, with the client on the other
// side, the latest message's time and what is unread for the coach. The messages themselves are the shared
// mailbox's (services/mailbox), read with the coach as the actor.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export async function listThreads(db: Kysely<Database>, coach: Actor, clientId?: number) {
  const other = sql<number>`case when e.from_user_id = ${coach.userId} then e.to_user_id else e.from_user_id end`;
  const thread = sql<number>`coalesce(e.parent_id, e.id)`;
  let query = db
    .selectFrom('emails as e')
    .where(visible(coach, 'emails as e'))
    .select((eb) => [
      thread.as('thread'),
      eb.fn.max(other).as('client_id'),
      eb.fn.max('e.created_at').as('latest_at'),
      eb.fn.countAll<string | number>().as('messages'),
      eb.fn
        .sum<string | number>(sql`case when e.to_user_id = ${coach.userId} and not e.read then 1 else 0 end`)
        .as('unread'),
    ])
    .groupBy(thread);
  if (clientId !== undefined) query = query.where(other, '=', clientId);
  const rows = await query.orderBy('latest_at', 'desc').execute();
  if (rows.length === 0) return [];
  const [firsts, people] = await Promise.all([
    db
      .selectFrom('emails as f')
      .where(visible(coach, 'emails as f'))
      .select(['f.id', 'f.subject'])
      .where(
        'f.id',
        'in',
        rows.map((r) => Number(r.thread)),
      )
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('tenant_id', '=', coach.tenantId)
      .where(
        'id',
        'in',
        rows.map((r) => Number(r.client_id)),
      )
      .execute(),
  ]);
  return rows.map((r) => {
    const client = people.find((p) => p.id === Number(r.client_id));
    return {
      id: Number(r.thread),
      subject: firsts.find((f) => f.id === Number(r.thread))?.subject ?? '',
      client: {
        id: Number(r.client_id),
        first_name: client?.first_name ?? '',
        last_name: client?.last_name ?? '',
      },
      latest_at: new Date(r.latest_at).toISOString(),
      messages: Number(r.messages),
      unread: Number(r.unread),
    };
  });
}
