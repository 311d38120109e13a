// Stripe's news of a purchase, heard by the signed webhook inside the transaction that claims the event id (so a
// replayed event changes nothing): a one-off's PaymentIntent succeeded; a subscription's invoice paid (its first
// or a renewal: a payment, an invoice and the period's credits) or failed (past due: the client is told, and
// booking that needs the plan stays open for the tenant's grace days); the subscription changed or ended at
// Stripe. A payment plan ends after its last instalment. Each change of a subscription is a subscription.updated.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { recordPayment } from './ledger.js';
import { planPaymentNotice } from './subscriptions-notice.js';

type Trx = Kysely<Database>;
type SubscriptionStatus = 'active' | 'past_due' | 'cancelled' | 'ended';

const fromSeconds = (s: number) => new Date(s * 1000);

/** The purchase Stripe knows by this PaymentIntent or Subscription, for no session (the event's signature). */
const purchaseByStripe = (trx: Trx, column: 'stripe_payment_intent' | 'stripe_subscription_id', id: string) =>
  trx
    .selectFrom('purchases')
    .select(['id', 'tenant_id', 'client_id', 'offering_id', 'amount', 'currency', 'status'])
    .where(column, '=', id)
    .executeTakeFirst();

type Found = NonNullable<Awaited<ReturnType<typeof purchaseByStripe>>>;
const clientOf = (p: Found): Actor => ({ tenantId: p.tenant_id, userId: p.client_id, role: 'client' });

/** Tells the tenant's systems and the bell where the purchase's subscription now stands. */
export async function subscriptionUpdated(trx: Trx, client: Actor, purchaseId: number) {
  const row = await trx
    .selectFrom('purchases')
    .where(owned(client, 'purchases'))
    .innerJoin('subscriptions as s', 's.purchase_id', 'purchases.id')
    .select([
      'purchases.offering_id',
      's.status',
      's.current_period_end',
      's.cancel_at_period_end',
      's.past_due_since',
    ])
    .where('purchases.id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  await recordEvent(trx, client.tenantId, 'subscription.updated', {
    purchase_id: purchaseId,
    client_id: client.userId,
    offering_id: row.offering_id,
    status: row.status,
    current_period_end: new Date(row.current_period_end).toISOString(),
    cancel_at_period_end: row.cancel_at_period_end,
    past_due_since: row.past_due_since && new Date(row.past_due_since).toISOString(),
  });
}

/** Sets the purchase's subscription row (made at its first paid invoice) and ends its purchase with it. */
export async function setSubscription(
  trx: Trx,
  client: Actor,
  purchaseId: number,
  fields: Partial<{
    status: SubscriptionStatus;
    current_period_start: Date;
    current_period_end: Date;
    cancel_at_period_end: boolean;
    past_due_since: Date | null;
    instalments_paid: number;
  }>,
) {
  await trx
    .updateTable('subscriptions')
    .set(fields)
    .where('purchase_id', 'in', (q) =>
      q.selectFrom('purchases').where(owned(client, 'purchases')).select('id').where('id', '=', purchaseId),
    )
    .execute();
  if (fields.status === 'cancelled' || fields.status === 'ended')
    await trx
      .updateTable('purchases')
      .where(owned(client, 'purchases'))
      .set({ status: fields.status === 'ended' ? 'completed' : 'cancelled' })
      .where('id', '=', purchaseId)
      .execute();
}

/**
 * A period of the purchase's subscription or plan is paid (by card or, recorded by an admin, offline): its row
 * made or moved to the period, paid up, and a plan ended at its last instalment.
 */
export async function periodPaid(
  trx: Trx,
  client: Actor,
  purchaseId: number,
  period: { start: Date; end: Date },
) {
  const offering = await trx
    .selectFrom('purchases')
    .where(owned(client, 'purchases'))
    .innerJoin('offerings as o', 'o.id', 'purchases.offering_id')
    .select(['o.kind', 'o.instalments'])
    .where('purchases.id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  const current = await currentOf(trx, client, purchaseId);
  const paid = (current?.instalments_paid ?? 0) + (offering.kind === 'plan' ? 1 : 0);
  const done = offering.kind === 'plan' && paid >= offering.instalments!;
  const state = {
    status: (done ? 'ended' : 'active') as SubscriptionStatus,
    current_period_start: period.start,
    current_period_end: period.end,
    past_due_since: null,
    instalments_paid: paid,
  };
  if (current) await setSubscription(trx, client, purchaseId, state);
  else {
    await trx
      .insertInto('subscriptions')
      .values({ purchase_id: purchaseId, ...state })
      .execute();
    if (done) await setSubscription(trx, client, purchaseId, { status: 'ended' });
  }
  await subscriptionUpdated(trx, client, purchaseId);
}

/** The purchase's subscription row, if its first period was paid. */
export const currentOf = (trx: Trx, client: Actor, purchaseId: number) =>
  trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('purchase_id', 'in', (q) =>
      q.selectFrom('purchases').where(owned(client, 'purchases')).select('id').where('id', '=', purchaseId),
    )
    .executeTakeFirst();

async function invoicePaid(trx: Trx, invoice: Stripe.Invoice, at: Date) {
  const subId = subscriptionOf(invoice);
  const purchase = subId && (await purchaseByStripe(trx, 'stripe_subscription_id', subId));
  if (!purchase) return 'unknown subscription';
  const client = clientOf(purchase);
  const line = invoice.lines.data[0];
  const period = line
    ? { start: fromSeconds(line.period.start), end: fromSeconds(line.period.end) }
    : { start: fromSeconds(invoice.period_start), end: fromSeconds(invoice.period_end) };
  const intent = invoice.payments?.data[0]?.payment.payment_intent;
  const recorded = await recordPayment(trx, {
    purchaseId: purchase.id,
    client,
    amount: invoice.amount_paid,
    method: 'stripe',
    stripeRef: invoice.id,
    intentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    paidAt: at,
    period,
  });
  if (!recorded) return 'duplicate invoice';
  await periodPaid(trx, client, purchase.id, period);
  return recorded.first ? 'subscribed' : 'renewed';
}

async function paymentFailed(trx: Trx, invoice: Stripe.Invoice, at: Date) {
  const subId = subscriptionOf(invoice);
  const purchase = subId && (await purchaseByStripe(trx, 'stripe_subscription_id', subId));
  if (!purchase) return 'unknown subscription';
  const client = clientOf(purchase);
  const current = await currentOf(trx, client, purchase.id);
  // A first invoice declined: nothing was bought yet, and Stripe.js shows the card's error to the client.
  if (!current) return 'first payment failed';
  if (current.status === 'past_due') return 'still past due';
  const since = current.past_due_since ? new Date(current.past_due_since) : at;
  await setSubscription(trx, client, purchase.id, { status: 'past_due', past_due_since: since });
  await subscriptionUpdated(trx, client, purchase.id);
  await planPaymentNotice(trx, client, purchase.id, since);
  return 'past due';
}

async function subscriptionChanged(trx: Trx, sub: Stripe.Subscription, deleted: boolean) {
  const purchase = await purchaseByStripe(trx, 'stripe_subscription_id', sub.id);
  if (!purchase) return 'unknown subscription';
  const client = clientOf(purchase);
  const current = await currentOf(trx, client, purchase.id);
  if (!current) return 'not started';
  if (deleted || sub.status === 'canceled') {
    if (current.status === 'cancelled' || current.status === 'ended') return 'ended before';
    await setSubscription(trx, client, purchase.id, { status: 'cancelled' });
  } else if (current.cancel_at_period_end !== sub.cancel_at_period_end)
    await setSubscription(trx, client, purchase.id, { cancel_at_period_end: sub.cancel_at_period_end });
  else return 'unchanged';
  await subscriptionUpdated(trx, client, purchase.id);
  return deleted ? 'cancelled' : 'updated';
}

async function intentSucceeded(trx: Trx, intent: Stripe.PaymentIntent, at: Date) {
  const purchase = await purchaseByStripe(trx, 'stripe_payment_intent', intent.id);
  if (!purchase) return null;
  // The amount settled must be the one this API asked for; anything else is investigated, not granted.
  if (intent.amount_received !== purchase.amount || intent.currency !== purchase.currency)
    return 'amount mismatch';
  const recorded = await recordPayment(trx, {
    purchaseId: purchase.id,
    client: clientOf(purchase),
    amount: intent.amount_received,
    method: 'stripe',
    stripeRef: intent.id,
    intentId: intent.id,
    paidAt: at,
    period: null,
  });
  return recorded ? 'purchase paid' : 'duplicate payment';
}

function subscriptionOf(invoice: Stripe.Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  return typeof sub === 'string' ? sub : (sub?.id ?? null);
}

/**
 * The purchase's part of a verified Stripe event, in the event's transaction: what it did, or null when the event
 * is none of the billing's (a paid group's PaymentIntent, another type).
 */
export async function billingEvent(trx: Trx, event: Stripe.Event, at: Date): Promise<string | null> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return intentSucceeded(trx, event.data.object, at);
    case 'invoice.paid':
      return invoicePaid(trx, event.data.object, at);
    case 'invoice.payment_failed':
      return paymentFailed(trx, event.data.object, at);
    case 'customer.subscription.updated':
      return subscriptionChanged(trx, event.data.object, false);
    case 'customer.subscription.deleted':
      return subscriptionChanged(trx, event.data.object, true);
    default:
      return null;
  }
}
