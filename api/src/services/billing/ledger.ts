// The one way money comes in, for a card (Stripe's verified webhook) and for cash (an admin's offline record)
// alike: in the caller's transaction, the payment row, its invoice (numbered from the tenant's gapless
// sequence), the credits the offering gives for the period, the purchase paid, and the events that tell the
// tenant's systems and the bell. A payment Stripe knows (stripe_ref) is recorded once however often its news
// arrives: a second answer of the same ref finds the first row and changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { taxIncluded } from '../../../../contracts/billing.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { availableCredits } from './credit-balance.js';
import { takeInvoiceNumber } from './invoice-numbers.js';

interface PaymentFacts {
  /** The purchase paid, of the client `client`. */
  purchaseId: number;
  client: Actor;
  amount: number;
  method: 'stripe' | 'offline';
  /** Stripe's PaymentIntent (one-off) or Invoice (subscription) id; null offline. */
  stripeRef: string | null;
  /** The PaymentIntent behind it, for payment.succeeded (null offline or unknown). */
  intentId: string | null;
  paidAt: Date;
  /** The subscription period this pays; null for a one-off. */
  period: { start: Date; end: Date } | null;
  /** The admin who recorded an offline payment. */
  recordedBy?: number | undefined;
  note?: string | null | undefined;
}

/** `at` plus whole calendar months in UTC, as Stripe counts a period and we count a package's validity. */
export const addMonths = (at: Date, months: number) => {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/** The ledger's writes for one payment; null when Stripe's ref was recorded before (a replay). */
export async function recordPayment(trx: Kysely<Database>, facts: PaymentFacts) {
  const { client, paidAt } = facts;
  const purchase = await trx
    .selectFrom('purchases')
    .where(owned(client, 'purchases'))
    .innerJoin('offerings as o', 'o.id', 'purchases.offering_id')
    .select([
      'purchases.id',
      'purchases.status',
      'purchases.currency',
      'purchases.paid_at',
      'o.id as offering_id',
      'o.kind',
      'o.title',
      'o.sessions',
      'o.valid_months',
      'o.meeting_type_id',
    ])
    .where('purchases.id', '=', facts.purchaseId)
    .forUpdate('purchases')
    .executeTakeFirstOrThrow();
  const tenant = await trx
    .selectFrom('tenants')
    .select(['name', 'billing_tax', 'billing_seller', 'billing_invoice_prefix'])
    .where('id', '=', client.tenantId)
    .executeTakeFirstOrThrow();
  const tax = tenant.billing_tax ? taxIncluded(facts.amount, tenant.billing_tax.rateBp) : 0;
  const payment = await trx
    .insertInto('payments')
    .values({
      ...ownerValues(client, 'payments'),
      purchase_id: purchase.id,
      amount: facts.amount,
      tax_amount: tax,
      currency: purchase.currency,
      method: facts.method,
      stripe_ref: facts.stripeRef,
      recorded_by: facts.recordedBy ?? null,
      note: facts.note ?? null,
      paid_at: paidAt,
    })
    .onConflict((oc) => oc.column('stripe_ref').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!payment) return null;

  const buyer = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('tenant_id', '=', client.tenantId)
    .where('id', '=', client.userId)
    .executeTakeFirstOrThrow();
  const { seq, number } = await takeInvoiceNumber(trx, client.tenantId, tenant.billing_invoice_prefix);
  const line = facts.period
    ? `${purchase.title} (${facts.period.start.toISOString().slice(0, 10)} – ${facts.period.end.toISOString().slice(0, 10)})`
    : purchase.title;
  const invoice = await trx
    .insertInto('invoices')
    .values({
      ...ownerValues(client, 'invoices'),
      kind: 'invoice',
      seq,
      number,
      payment_id: payment.id,
      seller: JSON.stringify(tenant.billing_seller ?? { name: tenant.name, address: [] }),
      buyer: JSON.stringify({ name: `${buyer.first_name} ${buyer.last_name}`.trim(), email: buyer.email }),
      lines: JSON.stringify([{ description: line, quantity: 1, amount: facts.amount }]),
      subtotal: facts.amount - tax,
      tax,
      total: facts.amount,
      currency: purchase.currency,
      tax_label: tenant.billing_tax?.label ?? null,
      tax_rate_bp: tenant.billing_tax?.rateBp ?? null,
      issued_at: paidAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Credits: a session or package once (a package's expire after its months), a subscription each period (they
  // expire with it), a plan once at its first instalment.
  const first = purchase.paid_at === null;
  const grantsNow =
    purchase.sessions !== null && (purchase.kind === 'subscription' ? facts.period !== null : first);
  let granted = 0;
  if (grantsNow) {
    const expires =
      purchase.kind === 'subscription'
        ? facts.period!.end
        : purchase.valid_months !== null
          ? addMonths(paidAt, purchase.valid_months)
          : null;
    await trx
      .insertInto('credit_grants')
      .values({
        ...ownerValues(client, 'credit_grants'),
        meeting_type_id: purchase.meeting_type_id,
        quantity: purchase.sessions!,
        source: first ? 'purchase' : 'renewal',
        purchase_id: purchase.id,
        period_start: purchase.kind === 'subscription' ? facts.period!.start : null,
        expires_at: expires,
        created_at: paidAt,
      })
      .execute();
    granted = purchase.sessions!;
  }
  // A one-off is active once paid (its credits in use); a subscription's state is its subscription row's.
  await trx
    .updateTable('purchases')
    .where(owned(client, 'purchases'))
    .set({
      status: purchase.status === 'pending' ? 'active' : purchase.status,
      paid_at: purchase.paid_at ?? paidAt,
    })
    .where('id', '=', purchase.id)
    .execute();

  await recordEvent(trx, client.tenantId, 'payment.succeeded', {
    payment_id: payment.id,
    user_id: client.userId,
    group_id: null,
    purchase_id: purchase.id,
    offering_id: purchase.offering_id,
    amount: facts.amount,
    currency: purchase.currency,
    method: facts.method,
    stripe_payment_intent: facts.intentId,
    paid_at: paidAt.toISOString(),
  });
  await recordEvent(trx, client.tenantId, 'invoice.issued', {
    invoice_id: invoice.id,
    kind: 'invoice',
    number,
    client_id: client.userId,
    payment_id: payment.id,
    total: facts.amount,
    tax,
    currency: purchase.currency,
    issued_at: paidAt.toISOString(),
  });
  if (granted > 0)
    await recordEvent(trx, client.tenantId, 'credit.changed', {
      client_id: client.userId,
      change: granted,
      balance: await availableCredits(trx, client.tenantId, client.userId, paidAt),
      reason: first ? 'purchase' : 'renewal',
      meeting_id: null,
      purchase_id: purchase.id,
    });
  return { paymentId: payment.id, invoiceId: invoice.id, number, first };
}
