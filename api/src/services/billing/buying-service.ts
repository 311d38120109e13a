// A client buys what is open to them, at the server's price: a purchase row first (however many buys race, the
// database keeps one pending purchase of an offering per client, and a retried key answers its own), then
// Stripe's object for it under an idempotency key made from the purchase, so every racer is answered the same
// PaymentIntent. Paid is the webhook's (subscriptions.ts), or an admin's record of money paid offline; both go
// through the ledger. Without Stripe keys the purchase waits, pending, for that record: payment is null and the
// page shows how to pay the coach. Cancel at period end and change of plan go to Stripe and are kept here.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { BillingPage, Payment, Purchase, PurchaseStarted } from '../../../../contracts/rest/billing.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { tenantClient } from '../access/assigned-client.js';
import { createStripe, stripeCaller } from '../payments/stripe-client.js';
import type { StripeOptions } from '../payments/stripe-client.js';
import { creditBalance } from './credits-service.js';
import { addMonths, recordPayment } from './ledger.js';
import { isOpenTo, offeringRow, openOfferings, planInstalments } from './offerings-repository.js';
import { graceUntil } from './plan-standing.js';
import { stripeBilling } from './stripe-billing.js';
import type { Confirmable } from './stripe-billing.js';
import { currentOf, periodPaid, setSubscription, subscriptionUpdated } from './subscriptions.js';

interface BuyingDeps {
  db: Kysely<Database>;
  now: () => Date;
  stripe: StripeOptions;
  log: { error(obj: object, msg: string): void };
}

const recurring = (kind: string) => kind === 'subscription' || kind === 'plan';
const iso = (d: Date | string) => new Date(d).toISOString();

/** The client's purchases as the page shows them, newest first (one, with `id`). */
async function purchasesOf(db: Kysely<Database>, client: Actor, id?: number): Promise<Purchase[]> {
  const rows = await db
    .selectFrom('purchases')
    .where(owned(client, 'purchases'))
    .innerJoin('offerings as o', 'o.id', 'purchases.offering_id')
    .innerJoin('tenants as t', 't.id', 'purchases.tenant_id')
    .leftJoin('subscriptions as s', 's.purchase_id', 'purchases.id')
    .select([
      'purchases.id',
      'purchases.status',
      'purchases.amount',
      'purchases.currency',
      'purchases.method',
      'purchases.created_at',
      'purchases.paid_at',
      'o.id as offering_id',
      'o.title',
      'o.kind',
      's.status as sub_status',
      's.current_period_start',
      's.current_period_end',
      's.cancel_at_period_end',
      's.past_due_since',
      's.instalments_paid',
      't.billing_grace_days',
    ])
    .$if(id !== undefined, (q) => q.where('purchases.id', '=', id!))
    .orderBy('purchases.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    offering: { id: r.offering_id, title: r.title, kind: r.kind },
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    method: r.method,
    created_at: iso(r.created_at),
    paid_at: r.paid_at && iso(r.paid_at),
    subscription:
      r.sub_status === null
        ? null
        : {
            status: r.sub_status,
            current_period_start: iso(r.current_period_start!),
            current_period_end: iso(r.current_period_end!),
            cancel_at_period_end: r.cancel_at_period_end!,
            past_due_since: r.past_due_since && iso(r.past_due_since),
            instalments_paid: r.instalments_paid!,
            grace_until:
              r.past_due_since && iso(graceUntil(new Date(r.past_due_since), r.billing_grace_days)),
          },
  }));
}

export function createBuyingService({ db, now, stripe: options, log }: BuyingDeps) {
  const client = createStripe(options);
  const stripe = client && stripeBilling(db, stripeCaller(client, log));

  const purchase = async (owner: Actor, id: number): Promise<Purchase> => {
    const [found] = await purchasesOf(db, owner, id);
    if (!found) throw new HttpError(404, 'Purchase not found.');
    return found;
  };

  const byKey = (owner: Actor, key: string) =>
    db
      .selectFrom('purchases')
      .where(owned(owner, 'purchases'))
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  /** The purchase this buy answers: the key's own, or a new one, or the pending one a racer made. */
  async function purchaseFor(owner: Actor, offeringId: number, key: string) {
    const earlier = await byKey(owner, key);
    if (earlier) {
      if (earlier.offering_id !== offeringId)
        throw new HttpError(409, 'This Idempotency-Key was used for another purchase. Send a new key.');
      return earlier;
    }
    if (!(await isOpenTo(db, owner, offeringId))) throw new HttpError(404, 'Offering not found.');
    const offering = (await offeringRow(db, owner.tenantId, offeringId))!;
    if (recurring(offering.kind)) {
      const running = await db
        .selectFrom('purchases')
        .where(owned(owner, 'purchases'))
        .innerJoin('subscriptions as s', 's.purchase_id', 'purchases.id')
        .select('purchases.id')
        .where('purchases.offering_id', '=', offeringId)
        .where('s.status', 'in', ['active', 'past_due'])
        .executeTakeFirst();
      if (running) throw new HttpError(409, 'You already have this. See it under your purchases.');
    }
    const made = await db
      .insertInto('purchases')
      .values({
        ...ownerValues(owner, 'purchases'),
        offering_id: offeringId,
        idempotency_key: key,
        amount: offering.price,
        currency: offering.currency,
        method: stripe ? 'stripe' : 'offline',
        created_at: now(),
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (made) return made;
    // Another buy of the same offering (any key) is pending, or the same key raced us: answer that one.
    const other = await db
      .selectFrom('purchases')
      .where(owned(owner, 'purchases'))
      .selectAll()
      .where((w) =>
        w.or([
          w('idempotency_key', '=', key),
          w.and([w('offering_id', '=', offeringId), w('status', '=', 'pending')]),
        ]),
      )
      .orderBy('id')
      .executeTakeFirst();
    if (!other) throw new HttpError(409, 'This purchase changed meanwhile. Please try again.');
    return other;
  }

  /** What Stripe.js confirms for a pending purchase (the same for every retry), made at the first ask. */
  async function paymentOf(owner: Actor, bought: { id: number; offering_id: number; created_at: Date }) {
    if (!stripe) return null;
    const row = (await byId(owner, bought.id))!;
    if (row.status !== 'pending') return null;
    const offering = (await offeringRow(db, owner.tenantId, row.offering_id))!;
    const sold = { ...offering, price: row.amount, currency: row.currency };
    if (!recurring(offering.kind)) {
      if (row.stripe_payment_intent) return stripe.retrieveIntent(row.stripe_payment_intent);
      const intent = await stripe.oneOff(owner, row.id, sold);
      await setStripeRef(owner, row.id, { stripe_payment_intent: intent.intent_id });
      return intent;
    }
    if (row.stripe_subscription_id) return stripe.firstPayment(row.stripe_subscription_id);
    // The purchase's time, not now: every racer asks Stripe with the same parameters.
    const made = await stripe.subscribe(owner, row.id, sold, new Date(row.created_at));
    await setStripeRef(owner, row.id, { stripe_subscription_id: made.subscriptionId });
    return made.payment;
  }

  const byId = (owner: Actor, id: number) =>
    db
      .selectFrom('purchases')
      .where(owned(owner, 'purchases'))
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();

  async function setStripeRef(
    owner: Actor,
    id: number,
    ref: { stripe_payment_intent: string } | { stripe_subscription_id: string },
  ) {
    const column = 'stripe_payment_intent' in ref ? 'stripe_payment_intent' : 'stripe_subscription_id';
    await db
      .updateTable('purchases')
      .where(owned(owner, 'purchases'))
      .set(ref)
      .where('id', '=', id)
      .where(column, 'is', null)
      .execute();
  }

  /** A running subscription of the client's: the purchase, its offering and its Stripe subscription. */
  async function running(owner: Actor, id: number) {
    const row = await byId(owner, id);
    const current = row && (await currentOf(db, owner, id));
    if (!row || !current) throw new HttpError(404, 'Subscription not found.');
    if (current.status !== 'active' && current.status !== 'past_due')
      throw new HttpError(409, 'This subscription has ended.');
    return { row, current };
  }

  return {
    async page(tenant: Tenant, owner: Actor): Promise<BillingPage> {
      const at = now();
      const [offerings, purchases, credits, invoices] = await Promise.all([
        openOfferings(db, owner),
        purchasesOf(db, owner),
        creditBalance(db, owner, owner.userId, at),
        db
          .selectFrom('invoices')
          .where(owned(owner, 'invoices'))
          .select(['id', 'kind', 'number', 'issued_at', 'total', 'tax', 'currency', 'payment_id'])
          .orderBy('seq', 'desc')
          .execute(),
      ]);
      return {
        currency: tenant.billing_currency,
        cards: stripe !== null,
        offline_instructions: tenant.billing_offline,
        offerings,
        purchases,
        credits,
        invoices: invoices.map((i) => ({ ...i, issued_at: iso(i.issued_at) })),
      };
    },

    purchase,

    async buy(owner: Actor, offeringId: number, key: string): Promise<PurchaseStarted> {
      const bought = await purchaseFor(owner, offeringId, key);
      const payment: Confirmable | null = await paymentOf(owner, bought);
      return { purchase: await purchase(owner, bought.id), payment };
    },

    async cancel(owner: Actor, id: number, cancel: boolean): Promise<Purchase> {
      const { row, current } = await running(owner, id);
      if (current.cancel_at_period_end !== cancel) {
        if (row.stripe_subscription_id && stripe)
          await stripe.cancelAtPeriodEnd(row.stripe_subscription_id, cancel);
        await db.transaction().execute(async (trx) => {
          await setSubscription(trx, owner, id, { cancel_at_period_end: cancel });
          await subscriptionUpdated(trx, owner, id);
        });
      }
      return purchase(owner, id);
    },

    /** Another subscription of the same seller, open to the client; Stripe prorates the period's rest. */
    async change(owner: Actor, id: number, offeringId: number): Promise<Purchase> {
      const { row } = await running(owner, id);
      const from = (await offeringRow(db, owner.tenantId, row.offering_id))!;
      const to = await offeringRow(db, owner.tenantId, offeringId);
      if (
        !to ||
        !(await isOpenTo(db, owner, offeringId)) ||
        to.kind !== 'subscription' ||
        from.kind !== 'subscription' ||
        to.coach_id !== from.coach_id ||
        to.id === from.id
      )
        throw new FieldError({ offering_id: ['Choose another subscription of the same coach.'] });
      if (row.stripe_subscription_id && stripe) await stripe.changePrice(row.stripe_subscription_id, to);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('purchases')
          .where(owned(owner, 'purchases'))
          .set({ offering_id: to.id, amount: to.price })
          .where('id', '=', id)
          .execute();
        await subscriptionUpdated(trx, owner, id);
      });
      return purchase(owner, id);
    },

    /**
     * An admin records money the client paid without a card: the client's pending purchase of the offering (or a
     * new one) is paid through the same ledger as a card's, with its invoice and credits.
     */
    async recordOffline(
      admin: Actor,
      input: { client_id: number; offering_id: number; amount?: number; paid_on: string; note?: string },
    ): Promise<Payment> {
      const client = await tenantClient(db, admin, input.client_id);
      if (!client) throw new FieldError({ client_id: ['Choose a client of this portal.'] });
      const owner: Actor = { tenantId: admin.tenantId, userId: client.userId, role: 'client' };
      const offering = await offeringRow(db, admin.tenantId, input.offering_id);
      if (!offering) throw new FieldError({ offering_id: ['Choose one of the offerings.'] });
      // Noon UTC of the day paid: the same calendar day in every zone a coaching business is likely in.
      const paidAt = new Date(`${input.paid_on}T12:00:00.000Z`);
      if (paidAt.getTime() - now().getTime() > 86_400_000)
        throw new FieldError({ paid_on: ['A payment cannot be recorded before its day.'] });
      const paymentId = await db.transaction().execute(async (trx) => {
        let bought = await trx
          .selectFrom('purchases')
          .where(owned(owner, 'purchases'))
          .select(['id', 'paid_at'])
          .where('offering_id', '=', offering.id)
          .where((w) =>
            recurring(offering.kind) ? w('status', 'in', ['pending', 'active']) : w('status', '=', 'pending'),
          )
          .orderBy('id', 'desc')
          .forUpdate()
          .executeTakeFirst();
        bought ??= await trx
          .insertInto('purchases')
          .values({
            ...ownerValues(owner, 'purchases'),
            offering_id: offering.id,
            idempotency_key: `offline:${randomUUID()}`,
            amount: offering.price,
            currency: offering.currency,
            method: 'offline',
            created_at: now(),
          })
          .returning(['id', 'paid_at'])
          .executeTakeFirstOrThrow();
        const current = recurring(offering.kind) ? await currentOf(trx, owner, bought.id) : undefined;
        const start = current ? new Date(current.current_period_end) : paidAt;
        const period = recurring(offering.kind)
          ? { start, end: addMonths(start, offering.interval === 'quarter' ? 3 : 1) }
          : null;
        const amount =
          input.amount ??
          (offering.kind === 'plan'
            ? current
              ? planInstalments(offering.price, offering.instalments!).rest
              : planInstalments(offering.price, offering.instalments!).first
            : offering.price);
        const recorded = (await recordPayment(trx, {
          purchaseId: bought.id,
          client: owner,
          amount,
          method: 'offline',
          stripeRef: null,
          intentId: null,
          paidAt,
          period,
          recordedBy: admin.userId,
          note: input.note ?? null,
        }))!;
        if (period) await periodPaid(trx, owner, bought.id, period);
        return recorded.paymentId;
      });
      return paymentRow(db, admin, paymentId);
    },
  };
}

/** A payment as the admin's list shows it (contracts/rest/billing.ts payment). */
async function paymentRow(db: Kysely<Database>, admin: Actor, id: number): Promise<Payment> {
  const r = await db
    .selectFrom('payments')
    .where(owned(admin, 'payments'))
    .innerJoin('users as u', 'u.id', 'payments.client_id')
    .innerJoin('purchases as p', (j) =>
      j.onRef('p.id', '=', 'payments.purchase_id').on(owned(admin, 'purchases as p')),
    )
    .innerJoin('offerings as o', 'o.id', 'p.offering_id')
    .leftJoin('coaches as c', 'c.id', 'o.coach_id')
    .leftJoin('users as cu', 'cu.id', 'c.user_id')
    .leftJoin('invoices as i', (j) =>
      j
        .onRef('i.payment_id', '=', 'payments.id')
        .on('i.kind', '=', 'invoice')
        .on(owned(admin, 'invoices as i')),
    )
    .select([
      'payments.id',
      'payments.client_id',
      'u.first_name',
      'u.last_name',
      'o.coach_id',
      sql<string>`trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, ''))`.as('coach_name'),
      'o.id as offering_id',
      'o.title',
      'payments.purchase_id',
      'payments.amount',
      'payments.tax_amount',
      'payments.refunded_amount',
      'payments.currency',
      'payments.method',
      'payments.paid_at',
      'i.id as invoice_id',
      'i.number as invoice_number',
      'payments.note',
    ])
    .where('payments.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    client: { id: r.client_id, first_name: r.first_name, last_name: r.last_name },
    coach: r.coach_id === null ? null : { id: r.coach_id, name: r.coach_name },
    offering: { id: r.offering_id, title: r.title },
    purchase_id: r.purchase_id,
    amount: r.amount,
    tax_amount: r.tax_amount,
    refunded_amount: r.refunded_amount,
    currency: r.currency,
    method: r.method,
    paid_at: iso(r.paid_at),
    invoice: r.invoice_id === null ? null : { id: r.invoice_id, number: r.invoice_number! },
    note: r.note,
  };
}
