// A client's session credits: what their grants give (an adjustment down is a negative grant) less the
// uses not given back, over the grants not expired at `at`. Booking, the balance views and credit.changed all
// count this one way.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Credits the client can spend at `at`; with a meeting type, only on grants for that type or for any type.
 */
export async function availableCredits(
  db: Kysely<Database>,
  tenantId: number,
  clientId: number,
  at: Date,
  meetingTypeId?: number,
): Promise<number> {
  const row = await db
    .selectFrom('credit_grants as g')
    .select(
      sql<string>`coalesce(sum(g.quantity - (select count(*) from credit_uses u
        where u.grant_id = g.id and u.returned_at is null)), 0)`.as('left'),
    )
    .where('g.tenant_id', '=', tenantId)
    .where('g.client_id', '=', clientId)
    .where((w) => w.or([w('g.expires_at', 'is', null), w('g.expires_at', '>', at)]))
    .$if(meetingTypeId !== undefined, (q) =>
      q.where((w) => w.or([w('g.meeting_type_id', 'is', null), w('g.meeting_type_id', '=', meetingTypeId!)])),
    )
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(row.left));
}
