// Whether a client's subscriptions and payment plans let them book what needs one (issue 38): a renewal that
// failed keeps booking open for the tenant's grace days (tenants.billing_grace_days) from past_due_since, and
// past them a booking that needs a credit is refused until the client pays. Nothing the client made is touched:
// only new bookings wait. B1 owns this file (the subscriptions' life); booking only asks it.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

const DAY = 24 * 60 * 60 * 1000;

export type PlanStanding = { open: true } | { open: false; pastDueSince: Date; graceUntil: Date };

/** The client's standing at `at`: refused when any of their subscriptions is past due beyond the grace days. */
export async function planStanding(
  db: Kysely<Database>,
  tenantId: number,
  clientId: number,
  at: Date,
): Promise<PlanStanding> {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('purchases as p', 'p.id', 's.purchase_id')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['s.past_due_since', 't.billing_grace_days'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.client_id', '=', clientId)
    .where('s.status', '=', 'past_due')
    .where('s.past_due_since', 'is not', null)
    .orderBy(sql`s.past_due_since`)
    .limit(1)
    .executeTakeFirst();
  if (!row?.past_due_since) return { open: true };
  const graceUntil = new Date(row.past_due_since.getTime() + row.billing_grace_days * DAY);
  return graceUntil < at ? { open: false, pastDueSince: row.past_due_since, graceUntil } : { open: true };
}
