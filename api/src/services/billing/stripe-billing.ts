// Stripe's side of a purchase, every call through the real SDK with an idempotency key made from our own ids, so
// a retry (or ten buys racing for one purchase) is one object at Stripe: a PaymentIntent for a one-off; for a
// subscription or plan the client's Customer (made once, kept in users.stripe_customer_id), the offering's
// Product and Price (made at its first sale, kept in offerings.stripe_price_id until its price changes) and a
// Subscription whose first invoice waits for the card (payment_behavior default_incomplete): its PaymentIntent's
// client secret is what Stripe.js confirms. A plan is a monthly subscription cancelled by Stripe after its K
// instalments (cancel_at); its first invoice carries the rounding as an extra line.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { addMonths } from './ledger.js';
import { planInstalments } from './offerings-repository.js';

type Call = <T>(call: (s: Stripe) => Promise<T>) => Promise<T>;

interface Sold {
  id: number;
  tenant_id: number;
  kind: 'session' | 'package' | 'subscription' | 'plan';
  title: string;
  price: number;
  currency: string;
  interval: 'month' | 'quarter' | null;
  instalments: number | null;
  stripe_price_id: string | null;
}

/** What Stripe.js confirms: a PaymentIntent's id and client secret. */
export interface Confirmable {
  intent_id: string;
  client_secret: string;
}

const intentOfSecret = (secret: string): Confirmable => ({
  intent_id: secret.split('_secret_')[0]!,
  client_secret: secret,
});

export function stripeBilling(db: Kysely<Database>, call: Call) {
  async function customerOf(client: Actor): Promise<string> {
    const user = await db
      .selectFrom('users')
      .select(['stripe_customer_id', 'email', 'first_name', 'last_name'])
      .where('tenant_id', '=', client.tenantId)
      .where('id', '=', client.userId)
      .executeTakeFirstOrThrow();
    if (user.stripe_customer_id) return user.stripe_customer_id;
    const customer = await call((s) =>
      s.customers.create(
        {
          email: user.email,
          name: `${user.first_name} ${user.last_name}`.trim(),
          metadata: { tenant_id: String(client.tenantId), user_id: String(client.userId) },
        },
        { idempotencyKey: `customer:${client.tenantId}:${client.userId}` },
      ),
    );
    // Two first buys at once both get the one Customer (the key); the first to store it wins.
    await db
      .updateTable('users')
      .set({ stripe_customer_id: customer.id })
      .where('tenant_id', '=', client.tenantId)
      .where('id', '=', client.userId)
      .where('stripe_customer_id', 'is', null)
      .execute();
    return customer.id;
  }

  /** The offering's recurring Price: a plan's is an instalment a month, a subscription's its price a period. */
  async function priceOf(offering: Sold): Promise<string> {
    if (offering.stripe_price_id) return offering.stripe_price_id;
    const amount =
      offering.kind === 'plan' ? planInstalments(offering.price, offering.instalments!).rest : offering.price;
    const interval = { interval: 'month' as const, interval_count: offering.interval === 'quarter' ? 3 : 1 };
    const key = `offering:${offering.tenant_id}:${offering.id}:${amount}:${interval.interval_count}`;
    const product = await call((s) =>
      s.products.create(
        { name: offering.title, metadata: { offering_id: String(offering.id) } },
        { idempotencyKey: `${key}:product` },
      ),
    );
    const price = await call((s) =>
      s.prices.create(
        {
          product: product.id,
          currency: offering.currency,
          unit_amount: amount,
          recurring: interval,
          metadata: { offering_id: String(offering.id) },
        },
        { idempotencyKey: `${key}:price` },
      ),
    );
    await db
      .updateTable('offerings')
      .set({ stripe_price_id: price.id })
      .where('id', '=', offering.id)
      .where('stripe_price_id', 'is', null)
      .execute();
    return price.id;
  }

  return {
    /** A one-off's PaymentIntent for the purchase (the same one for every retry of it). */
    async oneOff(client: Actor, purchaseId: number, offering: Sold): Promise<Confirmable> {
      const intent = await call((s) =>
        s.paymentIntents.create(
          {
            amount: offering.price,
            currency: offering.currency,
            automatic_payment_methods: { enabled: true },
            description: offering.title,
            metadata: {
              tenant_id: String(client.tenantId),
              user_id: String(client.userId),
              purchase_id: String(purchaseId),
            },
          },
          { idempotencyKey: `purchase:${client.tenantId}:${purchaseId}` },
        ),
      );
      return { intent_id: intent.id, client_secret: intent.client_secret ?? '' };
    },

    /** The purchase's Subscription (one per purchase) and its first invoice's PaymentIntent. */
    async subscribe(client: Actor, purchaseId: number, offering: Sold, at: Date) {
      const customer = await customerOf(client);
      const price = await priceOf(offering);
      const plan = offering.kind === 'plan' ? planInstalments(offering.price, offering.instalments!) : null;
      // A plan's first instalment carries the rounding: an extra line of the same product on its first invoice.
      const rounding = plan && plan.first > plan.rest ? plan.first - plan.rest : 0;
      const product =
        rounding > 0 ? ((await call((s) => s.prices.retrieve(price))).product as string) : undefined;
      const sub = await call((s) =>
        s.subscriptions.create(
          {
            customer,
            items: [{ price }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: { tenant_id: String(client.tenantId), purchase_id: String(purchaseId) },
            ...(plan && {
              // Stripe ends it as the K-th instalment's month ends: a period boundary, so nothing is prorated.
              cancel_at: Math.floor(addMonths(at, offering.instalments!).getTime() / 1000),
              ...(product && {
                add_invoice_items: [
                  { price_data: { currency: offering.currency, product, unit_amount: rounding } },
                ],
              }),
            }),
          },
          { idempotencyKey: `purchase:${client.tenantId}:${purchaseId}` },
        ),
      );
      const invoice = sub.latest_invoice as Stripe.Invoice | null;
      const secret = invoice?.confirmation_secret?.client_secret;
      return { subscriptionId: sub.id, payment: secret ? intentOfSecret(secret) : null };
    },

    /** The first invoice's PaymentIntent again, for a retried buy of a subscription. */
    async firstPayment(subscriptionId: string): Promise<Confirmable | null> {
      const sub = await call((s) =>
        s.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.confirmation_secret'] }),
      );
      const secret = (sub.latest_invoice as Stripe.Invoice | null)?.confirmation_secret?.client_secret;
      return secret ? intentOfSecret(secret) : null;
    },

    async retrieveIntent(intentId: string): Promise<Confirmable> {
      const intent = await call((s) => s.paymentIntents.retrieve(intentId));
      return { intent_id: intent.id, client_secret: intent.client_secret ?? '' };
    },

    async cancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
      await call((s) => s.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },

    /** Moves the subscription to another offering's price; Stripe prorates the rest of the period. */
    async changePrice(subscriptionId: string, offering: Sold) {
      const price = await priceOf(offering);
      const sub = await call((s) => s.subscriptions.retrieve(subscriptionId));
      const item = sub.items.data[0]!;
      await call((s) =>
        s.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price }],
          proration_behavior: 'create_prorations',
          metadata: { offering_id: String(offering.id) },
        }),
      );
    },
  };
}
