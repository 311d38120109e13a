// Whether a client's subscriptions and payment plans let them book what needs one: a renewal that
// failed keeps booking open for the tenant's grace days (tenants.billing_grace_days) from past_due_since, and
// past them a booking that needs a credit is refused until the client pays. Nothing the client made is touched:
// only new bookings wait. B1 owns this file (the subscriptions' life); booking only asks it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';

const DAY = 24 * 60 * 60 * 1000;

type PlanStanding = { open: true } | { open: false; pastDueSince: Date; graceUntil: Date };

/** The last moment a renewal unpaid since `pastDueSince` keeps booking open. */
export const graceUntil = (pastDueSince: Date, graceDays: number): Date =>
  new Date(pastDueSince.getTime() + graceDays * DAY);

/** The client's standing at `at`: refused when any of their subscriptions is past due beyond the grace days. */
export async function planStanding(
  db: Kysely<Database>,
  tenantId: number,
  clientId: number,
  at: Date,
): Promise<PlanStanding> {
  const client = { tenantId, userId: clientId, role: 'client' as const };
  const row = await db
    .selectFrom('purchases as p')
    .where(owned(client, 'purchases as p'))
    .innerJoin('subscriptions as s', 's.purchase_id', 'p.id')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['s.past_due_since', 't.billing_grace_days'])
    .where('s.status', '=', 'past_due')
    .where('s.past_due_since', 'is not', null)
    .orderBy('s.past_due_since')
    .limit(1)
    .executeTakeFirst();
  if (!row?.past_due_since) return { open: true };
  const until = graceUntil(new Date(row.past_due_since), row.billing_grace_days);
  return until < at
    ? { open: false, pastDueSince: new Date(row.past_due_since), graceUntil: until }
    : { open: true };
}
