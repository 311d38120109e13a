// Session credits in booking. A booking of a meeting type that needs a credit spends one in the
// booking's own transaction: the client's grants are locked (FOR UPDATE) so two bookings at once cannot both take
// the last credit, and the use is inserted beside the meeting (credit_uses_meeting: one live use a meeting).
// The earliest-expiring grant that still has one is spent first, so a client loses as few as possible to expiry.
// A move keeps the use (it names the meeting, which keeps its id); a cancellation within the notice gives it back
// (returned_at, before the meeting's delete takes the row with it); a meeting past its notice cannot be
// cancelled by the client, so its credit stays spent. A coach's own meetings never spend one: the coach chose
// to meet, and those carry no meeting type. Expiry is read, never written: a grant past expires_at counts
// nothing (credit-balance.ts), at the instant it expires, with no job to be late; an hourly sweep only tells
// it (credit.changed 'expired') to the webhooks.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { scheduleSweep } from '../jobs/sweep.js';
import { availableCredits } from './credit-balance.js';
import { planStanding } from './plan-standing.js';

type Reason = 'purchase' | 'renewal' | 'spent' | 'returned' | 'expired' | 'adjustment' | 'refund';

/** credit.changed with the balance after the change, in the caller's transaction. */
export async function creditChanged(
  trx: Kysely<Database>,
  tenantId: number,
  change: { clientId: number; change: number; reason: Reason; meetingId?: number; purchaseId?: number },
  at: Date,
) {
  await recordEvent(trx, tenantId, 'credit.changed', {
    client_id: change.clientId,
    change: change.change,
    balance: await availableCredits(trx, tenantId, change.clientId, at),
    reason: change.reason,
    meeting_id: change.meetingId ?? null,
    purchase_id: change.purchaseId ?? null,
  });
}

/**
 * Before a booking that needs a credit: refused (402, reason plan_past_due) while one of the client's
 * subscriptions is unpaid past the tenant's grace days. Checked ahead of the transaction, as a read.
 */
export async function requirePlanStanding(db: Kysely<Database>, client: Actor, at: Date) {
  const standing = await planStanding(db, client.tenantId, client.userId, at);
  if (!standing.open)
    throw new HttpError(
      402,
      'Your plan has a payment outstanding, so this session cannot be booked yet. Settle it under Plans and billing, or send your coach a message.',
      undefined,
      'plan_past_due',
    );
}

/**
 * Spends one of the client's credits on the meeting, inside the booking's transaction; none left is a 402 with
 * reason credit_required (the transaction, and so the meeting, rolls back).
 */
export async function spendCredit(
  trx: Kysely<Database>,
  client: Actor,
  use: { meetingTypeId: number; meetingId: number },
  at: Date,
) {
  const grants = await trx
    .selectFrom('credit_grants as g')
    .where(owned(client, 'credit_grants as g'))
    .select([
      'g.id',
      'g.quantity',
      'g.expires_at',
      'g.meeting_type_id',
      sql<number>`(select count(*)::int from credit_uses u where u.grant_id = g.id and u.returned_at is null)`.as(
        'used',
      ),
    ])
    .orderBy(sql`g.expires_at asc nulls last`)
    .orderBy('g.id')
    .forUpdate()
    .execute();
  // An adjustment down is a negative grant, spent from nothing: the sum says whether one is left at all.
  const left = await availableCredits(trx, client.tenantId, client.userId, at, use.meetingTypeId);
  const grant = grants.find(
    (g) =>
      g.quantity > g.used &&
      (g.expires_at === null || g.expires_at > at) &&
      (g.meeting_type_id === null || g.meeting_type_id === use.meetingTypeId),
  );
  if (left < 1 || !grant)
    throw new HttpError(
      402,
      'This session needs a session credit and you have none left. Buy a package under Plans and billing, or send your coach a message.',
      undefined,
      'credit_required',
    );
  await trx
    .insertInto('credit_uses')
    .values({ grant_id: grant.id, meeting_id: use.meetingId, created_at: at })
    .execute();
  const change = { clientId: client.userId, change: -1, reason: 'spent', meetingId: use.meetingId } as const;
  await creditChanged(trx, client.tenantId, change, at);
}

/** Gives back the credit the meeting spent, if it spent one: before the meeting is deleted, in its transaction. */
export async function returnCredit(
  trx: Kysely<Database>,
  meeting: { tenantId: number; clientId: number; meetingId: number },
  at: Date,
) {
  const returned = await trx
    .updateTable('credit_uses')
    .set({ returned_at: at })
    .where('meeting_id', '=', meeting.meetingId)
    .where('returned_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!returned) return;
  await creditChanged(
    trx,
    meeting.tenantId,
    { clientId: meeting.clientId, change: 1, reason: 'returned', meetingId: meeting.meetingId },
    at,
  );
}

/**
 * Tells credit.changed 'expired' of each grant that expired with credits unspent, once: the balance already
 * counted them out at the instant of expiry; this is the news of it for webhooks. Each grant is claimed in
 * reminder_sends (its key) in the event's transaction, so the sweep is safe to run on every instance and twice.
 */
export async function tellExpiredCredits(db: Kysely<Database>, at: Date): Promise<number> {
  const expired = await db
    .selectFrom('credit_grants as g')
    .select([
      'g.id',
      'g.tenant_id',
      'g.client_id',
      'g.purchase_id',
      sql<number>`g.quantity - (select count(*)::int from credit_uses u
        where u.grant_id = g.id and u.returned_at is null)`.as('unspent'),
    ])
    .where('g.expires_at', '<=', at)
    .where('g.quantity', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminder_sends as r')
            .select('r.key')
            .whereRef('r.key', '=', sql`'credit-expired:' || g.id`),
        ),
      ),
    )
    .execute();
  let told = 0;
  for (const grant of expired.filter((g) => g.unspent > 0)) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('reminder_sends')
        .values({
          key: `credit-expired:${grant.id}`,
          tenant_id: grant.tenant_id,
          user_id: grant.client_id,
          kind: 'credit_expiry',
          sent_at: at,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) return;
      const change = {
        clientId: grant.client_id,
        change: -grant.unspent,
        reason: 'expired',
        ...(grant.purchase_id !== null && { purchaseId: grant.purchase_id }),
      } as const;
      await creditChanged(trx, grant.tenant_id, change, at);
      told++;
    });
  }
  return told;
}

/** The expiry sweep, hourly on each job-running instance: credits expire at most an hour before they are told. */
export function scheduleCreditExpiry(app: FastifyInstance, db: Kysely<Database>, now: () => Date): void {
  scheduleSweep(app, 60 * 60_000, 'telling expired credits failed', async () => {
    await tellExpiredCredits(db, now());
  });
}
