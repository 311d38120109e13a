// A client's session credits as people read and change them: the balance with each grant and what
// of it is spent (the coach of the client, an admin, a key), and an admin's adjustment with a reason, up or
// down, audited and told as credit.changed. Booking's spending and giving back is credits.ts's.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { CreditBalance } from '../../../../contracts/rest/billing.js';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { assignedClient, tenantClient } from '../access/assigned-client.js';
import { owned, ownerValues, visible } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';
import { writeAudit } from '../people/audit-repository.js';
import { availableCredits } from './credit-balance.js';
import { creditChanged } from './credits.js';

const notFound = () => new HttpError(404, 'Client not found.');

/** The balance of a client the reader may see (their coach, an admin or a key of the tenant). */
export async function creditBalance(
  db: Kysely<Database>,
  reader: Actor,
  clientId: number,
  at: Date,
): Promise<CreditBalance> {
  const grants = await db
    .selectFrom('credit_grants as g')
    .where(visible(reader, 'credit_grants as g'))
    .leftJoin('meeting_types as t', 't.id', 'g.meeting_type_id')
    .select([
      'g.id',
      'g.source',
      'g.quantity',
      'g.purchase_id',
      'g.expires_at',
      'g.reason',
      'g.created_at',
      't.id as type_id',
      't.name as type_name',
      sql<number>`(select count(*)::int from credit_uses u where u.grant_id = g.id and u.returned_at is null)`.as(
        'used',
      ),
    ])
    .where('g.client_id', '=', clientId)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
  // The soonest a credit still unspent expires: what the client should book before.
  const expiries = grants
    .filter((g) => g.expires_at !== null && g.expires_at > at && g.quantity > g.used)
    .map((g) => g.expires_at!.getTime());
  return {
    client_id: clientId,
    available: await availableCredits(db, reader.tenantId, clientId, at),
    next_expiry: expiries.length > 0 ? new Date(Math.min(...expiries)).toISOString() : null,
    grants: grants.map((g) => ({
      id: g.id,
      source: g.source,
      quantity: g.quantity,
      used: g.used,
      meeting_type: g.type_id === null ? null : { id: g.type_id, title: g.type_name ?? '' },
      purchase_id: g.purchase_id,
      expires_at: g.expires_at?.toISOString() ?? null,
      reason: g.reason,
      created_at: g.created_at.toISOString(),
    })),
  };
}

export function createCreditsService(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db, now } = deps;

  async function adminsClient(admin: Actor, clientId: number): Promise<AssignedClient> {
    const client = await tenantClient(db, admin, clientId);
    if (!client) throw notFound();
    return client;
  }

  return {
    /** The coach's own client's balance; any other id is a 404. */
    async ofCoachClient(coach: Actor, clientId: number): Promise<CreditBalance> {
      const client = await assignedClient(db, coach, clientId);
      return creditBalance(db, coach, client.userId, now());
    },

    /** Any client of the admin's (or the key's) tenant. */
    async ofTenantClient(admin: Actor, clientId: number): Promise<CreditBalance> {
      await adminsClient(admin, clientId);
      return creditBalance(db, admin, clientId, now());
    },

    /**
     * An admin gives credits or takes them away, with a reason: a grant of its own (negative down), audited in
     * its transaction. Down never below nothing: what is spent stays spent.
     */
    async adjust(
      admin: Actor,
      clientId: number,
      input: { quantity: number; reason: string; meeting_type_id?: number | null | undefined },
    ): Promise<CreditBalance> {
      const client = await adminsClient(admin, clientId);
      const at = now();
      const typeId = input.meeting_type_id ?? null;
      if (typeId !== null) {
        const type = await db
          .selectFrom('meeting_types as t')
          .innerJoin('coaches as c', 'c.id', 't.coach_id')
          .select('t.id')
          .where('t.id', '=', typeId)
          .where('c.tenant_id', '=', admin.tenantId)
          .executeTakeFirst();
        if (!type)
          throw new FieldError({ meeting_type_id: ['There is no such meeting type in this portal.'] });
      }
      await db.transaction().execute(async (trx) => {
        // The client's grants locked, as a booking's spend locks them: a take-away and a booking never both
        // count the same credit.
        await trx
          .selectFrom('credit_grants')
          .where(owned(admin, 'credit_grants'))
          .select('id')
          .where('client_id', '=', clientId)
          .forUpdate()
          .execute();
        const before = await availableCredits(trx, admin.tenantId, clientId, at, typeId ?? undefined);
        if (before + input.quantity < 0)
          throw new FieldError({
            quantity: [
              `The client has ${before} ${before === 1 ? 'credit' : 'credits'} left to take away; spent ones stay spent.`,
            ],
          });
        const reason = input.reason.trim();
        const { id } = await trx
          .insertInto('credit_grants')
          .values({
            ...ownerValues(admin, 'credit_grants', client),
            meeting_type_id: typeId,
            quantity: input.quantity,
            source: 'adjustment',
            reason,
            actor_id: admin.userId,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, { tenantId: admin.tenantId, userId: admin.userId }, at, {
          action: 'credit.adjusted',
          subject_type: 'credit_grant',
          subject_id: id,
          person_id: clientId,
          summary: `${input.quantity > 0 ? 'Gave' : 'Took away'} ${Math.abs(input.quantity)} session ${Math.abs(input.quantity) === 1 ? 'credit' : 'credits'}: ${reason}`,
          after: { quantity: input.quantity, reason, meeting_type_id: typeId },
        });
        await creditChanged(
          trx,
          admin.tenantId,
          { clientId, change: input.quantity, reason: 'adjustment' },
          at,
        );
      });
      return creditBalance(db, admin, clientId, at);
    },
  };
}
