// Subscriptions and payment plans on Stripe Billing, against the real `stripe` SDK pointed at the
// local stand-in: a buy makes the client's Customer, the offering's Price and a Subscription whose first invoice
// waits for the card; each paid invoice is a payment, an invoice and the period's credits (a replay grants
// once); a failed renewal makes it past due, tells the client (bell and mail) and keeps booking open for the
// tenant's grace days, then planStanding refuses; cancel at period end and change of plan go to Stripe; a plan
// ends after its K instalments. On PGlite, and on PostgreSQL through scripts/with-postgres.sh.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planStanding } from '../src/services/billing/plan-standing.js';
import { ALPHA, Harness } from './helpers/harness.js';
import { call, newClient } from './helpers/booking.js';
import { billingWorld, buy, newOffering, stripeOptions, wireWebhook } from './helpers/billing-world.js';
import type { BillingWorld } from './helpers/billing-world.js';
import { mailsTo } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';
import { StripeStandIn } from './helpers/stripe-stand-in.js';
import { until } from './helpers/until.js';

const stand = new StripeStandIn();
const h = new Harness();
let w: BillingWorld;
let worker: FastifyInstance;
let monthly: { id: number };
let intensive: { id: number };

beforeAll(async () => {
  await stand.start();
  await h.start(stripeOptions(stand));
  // The instance that runs the job queue (the failed renewal's notice).
  worker = await h.build({ ...stripeOptions(stand), jobs: { pollingSeconds: 0.5 } });
  wireWebhook(h, stand);
  w = await billingWorld(h);
  monthly = await newOffering(h, w.coach, {
    kind: 'subscription',
    title: 'Monthly coaching',
    interval: 'month',
    sessions: 2,
    meeting_type_id: w.typeId,
    price: 12000,
  });
  intensive = await newOffering(h, w.coach, {
    kind: 'subscription',
    title: 'Intensive',
    interval: 'month',
    sessions: 4,
    meeting_type_id: w.typeId,
    price: 22000,
  });
});
afterAll(async () => {
  await worker?.close();
  await h.stop();
  await stand.stop();
});

const DAY = 86_400_000;
const subscriptionOf = (purchaseId: number) =>
  h.db.selectFrom('subscriptions').selectAll().where('purchase_id', '=', purchaseId).executeTakeFirst();
const grantsOf = (purchaseId: number) =>
  h.db.selectFrom('credit_grants').selectAll().where('purchase_id', '=', purchaseId).orderBy('id').execute();
/** The client's mails of a failed payment (their sign-in codes left out). */
const paymentMails = async (who: Person) =>
  (await mailsTo(h.mailDir, who.user.email)).filter((m) => m.subject.includes('did not go through'));
const purchaseOf = async (who: Person, id: number) =>
  (await call(h, who, 'GET', `/api/v1/billing/purchases/${id}`)).json().data;

/** Delivers the events in Stripe's order; each must be answered 200. */
async function deliver(events: object[]) {
  for (const event of events) {
    const res = await stand.emit(event as { type: string });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** Buys `offeringId` as `who` and pays its first invoice; the purchase id and the Stripe subscription. */
async function subscribe(who: Person, offeringId: number) {
  const res = await buy(h, who, offeringId);
  expect(res.statusCode, res.body).toBe(201);
  const { purchase, payment } = res.json().data;
  expect(payment.client_secret).toMatch(/^pi_[a-z0-9]+_secret_/);
  const sub = [...stand.subscriptions.values()].find(
    (s) => (s.metadata as Record<string, string>).purchase_id === String(purchase.id),
  )!;
  await deliver(stand.settle(sub.id));
  return { purchaseId: purchase.id as number, subId: sub.id };
}

describe('a subscription', () => {
  it('starts at its first paid invoice with the period’s credits, once however often Stripe tells it', async () => {
    const client = await newClient(h, w.coach, 'Europe/Amsterdam');
    const before = stand.customers.size;
    const res = await buy(h, client, monthly.id);
    const { purchase } = res.json().data;
    expect(purchase).toMatchObject({ status: 'pending', subscription: null, amount: 12000 });
    expect(stand.customers.size).toBe(before + 1);
    const sub = [...stand.subscriptions.values()].find(
      (s) => (s.metadata as Record<string, string>).purchase_id === String(purchase.id),
    )!;
    // Stripe Billing's own way: the first invoice's PaymentIntent is what Stripe.js confirms.
    const created = stand.requests.find((r) => r.path === '/v1/subscriptions' && r.method === 'POST')!;
    expect(created.params).toMatchObject({ payment_behavior: 'default_incomplete', customer: sub.customer });
    const events = stand.settle(sub.id);
    await deliver(events);
    await deliver(events);
    // Another event id for the same invoice: still one payment.
    await deliver([stand.event('invoice.paid', (events[0] as { data: { object: object } }).data.object)]);

    const bought = await purchaseOf(client, purchase.id);
    expect(bought).toMatchObject({
      status: 'active',
      subscription: {
        status: 'active',
        cancel_at_period_end: false,
        past_due_since: null,
        grace_until: null,
      },
    });
    const grants = await grantsOf(purchase.id);
    expect(grants).toEqual([expect.objectContaining({ quantity: 2, source: 'purchase' })]);
    // A period's credits last as long as the period.
    expect(new Date(grants[0]!.expires_at!).toISOString()).toBe(bought.subscription.current_period_end);
    const payments = await h.db
      .selectFrom('payments')
      .select(['amount', 'stripe_ref'])
      .where('purchase_id', '=', purchase.id)
      .execute();
    expect(payments).toEqual([
      {
        amount: 12000,
        stripe_ref: events[0] && (events[0] as { data: { object: { id: string } } }).data.object.id,
      },
    ]);
    // A second buy of a running subscription is refused.
    expect((await buy(h, client, monthly.id)).statusCode).toBe(409);
  });

  it('renews: a new payment, invoice and the next period’s credits', async () => {
    const client = await newClient(h, w.coach, 'Europe/Amsterdam');
    const { purchaseId, subId } = await subscribe(client, monthly.id);
    const first = await purchaseOf(client, purchaseId);
    expect(stand.renew(subId)).toEqual([]);
    const renewal = stand.settle(subId);
    await deliver(renewal);
    await deliver(renewal);
    const renewed = await purchaseOf(client, purchaseId);
    expect(renewed.subscription.current_period_start).toBe(first.subscription.current_period_end);
    const grants = await grantsOf(purchaseId);
    expect(grants.map((g) => [g.source, g.quantity])).toEqual([
      ['purchase', 2],
      ['renewal', 2],
    ]);
    const invoices = await h.db
      .selectFrom('invoices')
      .innerJoin('payments', 'payments.id', 'invoices.payment_id')
      .select('invoices.number')
      .where('payments.purchase_id', '=', purchaseId)
      .execute();
    expect(invoices).toHaveLength(2);
  });

  it('cancels at period end through Stripe, and ends when the period does', async () => {
    const client = await newClient(h, w.coach, 'Europe/Amsterdam');
    const { purchaseId, subId } = await subscribe(client, monthly.id);
    const stranger = await newClient(h, w.coach, 'Europe/Amsterdam');
    const cancel = (who: Person, value: boolean) =>
      call(h, who, 'POST', `/api/v1/billing/purchases/${purchaseId}/cancel`, { cancel_at_period_end: value });
    expect((await cancel(stranger, true)).statusCode).toBe(404);
    const res = await cancel(client, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.subscription.cancel_at_period_end).toBe(true);
    expect(stand.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    // Stripe's own news of it changes nothing more.
    await deliver([stand.event('customer.subscription.updated', stand.subscriptions.get(subId)!)]);
    await deliver(stand.renew(subId));
    const ended = await purchaseOf(client, purchaseId);
    expect(ended).toMatchObject({ status: 'cancelled', subscription: { status: 'cancelled' } });
    // Its credits stay the client's until they expire.
    expect(await grantsOf(purchaseId)).toHaveLength(1);
    expect((await cancel(client, false)).statusCode).toBe(409);
  });

  it('changes plan to another subscription of the same coach, prorated by Stripe', async () => {
    const client = await newClient(h, w.coach, 'Europe/Amsterdam');
    const { purchaseId, subId } = await subscribe(client, monthly.id);
    const theirs = await newOffering(h, w.other, {
      kind: 'subscription',
      title: 'Other coach',
      interval: 'month',
      price: 5000,
    });
    const change = (offeringId: number) =>
      call(h, client, 'POST', `/api/v1/billing/purchases/${purchaseId}/change`, { offering_id: offeringId });
    expect((await change(theirs.id)).statusCode).toBe(422);
    const res = await change(intensive.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      offering: { id: intensive.id, title: 'Intensive' },
      amount: 22000,
    });
    const update = stand.requests
      .filter((r) => r.path === `/v1/subscriptions/${subId}` && r.method === 'POST')
      .at(-1)!;
    expect(update.params).toMatchObject({ proration_behavior: 'create_prorations' });
    const price = stand.prices.get((update.params.items as Record<string, { price: string }>)['0']!.price)!;
    expect(price).toMatchObject({ unit_amount: 22000, currency: 'eur' });
  });
});

describe('a payment plan', () => {
  it('takes K instalments, the first carrying the rounding, then ends', async () => {
    const client = await newClient(h, w.coach, 'Europe/Amsterdam');
    const plan = await newOffering(h, w.coach, {
      kind: 'plan',
      title: 'Leadership programme',
      price: 100_000,
      instalments: 3,
      sessions: 6,
      meeting_type_id: w.typeId,
    });
    const { purchaseId, subId } = await subscribe(client, plan.id);
    stand.renew(subId);
    await deliver(stand.settle(subId));
    expect(await purchaseOf(client, purchaseId)).toMatchObject({
      status: 'active',
      subscription: { status: 'active', instalments_paid: 2 },
    });
    stand.renew(subId);
    await deliver(stand.settle(subId));
    const payments = await h.db
      .selectFrom('payments')
      .select('amount')
      .where('purchase_id', '=', purchaseId)
      .orderBy('id')
      .execute();
    expect(payments.map((p) => p.amount)).toEqual([33_334, 33_333, 33_333]);
    expect(await purchaseOf(client, purchaseId)).toMatchObject({
      status: 'completed',
      subscription: { status: 'ended', instalments_paid: 3 },
    });
    // Its sessions are given once, at the first instalment.
    expect((await grantsOf(purchaseId)).map((g) => g.quantity)).toEqual([6]);
    // Stripe ends it by its cancel_at: nothing changes here.
    await deliver(stand.renew(subId));
    expect((await purchaseOf(client, purchaseId)).status).toBe('completed');
  });
});

// Last: it moves the clock past the grace days, which ends the other tests' sessions.
describe('a failed renewal', () => {
  it('fails a renewal: past due, the client told, booking open for the grace days and refused after', async () => {
    const client = await newClient(h, w.coach, 'Europe/Amsterdam');
    const { purchaseId, subId } = await subscribe(client, monthly.id);
    stand.renew(subId);
    const failed = stand.settle(subId, 'failed');
    await deliver(failed);
    await deliver(failed);
    const at = h.clock.now();
    const sub = (await subscriptionOf(purchaseId))!;
    expect(sub).toMatchObject({ status: 'past_due' });
    expect(new Date(sub.past_due_since!).getTime()).toBe(at.getTime());
    // Nothing is taken: the first period's credits stay.
    expect(await grantsOf(purchaseId)).toHaveLength(1);
    const page = await purchaseOf(client, purchaseId);
    // Alpha's tenant.json gives three grace days.
    expect(page.subscription.grace_until).toBe(new Date(at.getTime() + 3 * DAY).toISOString());
    const events = await h.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'subscription.updated')
      .execute();
    expect(events.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ purchase_id: purchaseId, status: 'past_due' }),
    );

    // Told once, by the bell and by mail (the worker runs the notice's job).
    const told = await until('the payment notice', async () => {
      const rows = await h.db
        .selectFrom('notifications')
        .select(['kind', 'title', 'link'])
        .where('user_id', '=', client.user.id)
        .where('kind', '=', 'payment')
        .execute();
      return rows.length > 0 && rows;
    });
    expect(told).toEqual([
      { kind: 'payment', title: 'Your payment for "Monthly coaching" did not go through', link: '/billing' },
    ]);
    const mail = await until('the payment mail', async () => (await paymentMails(client))[0]);
    expect(mail.subject).toBe('Alpha Coaching: the payment for "Monthly coaching" did not go through');
    expect(mail.text).toContain('€120.00 for "Monthly coaching"');

    expect(await planStanding(h.db, ALPHA, client.user.id, h.clock.now())).toEqual({ open: true });
    h.clock.advance(3 * DAY - 1000);
    expect(await planStanding(h.db, ALPHA, client.user.id, h.clock.now())).toEqual({ open: true });
    h.clock.advance(2000);
    expect(await planStanding(h.db, ALPHA, client.user.id, h.clock.now())).toMatchObject({ open: false });
    // Another client of the coach is not touched by it.
    expect(await planStanding(h.db, ALPHA, w.client.user.id, h.clock.now())).toEqual({ open: true });

    // The card is fixed: Stripe retries the invoice, it is paid, and booking is open again.
    const retried = stand.settle(subId);
    await deliver(retried);
    expect(await subscriptionOf(purchaseId)).toMatchObject({ status: 'active', past_due_since: null });
    expect(await planStanding(h.db, ALPHA, client.user.id, h.clock.now())).toEqual({ open: true });
    expect(await paymentMails(client)).toHaveLength(1);
  });
});
