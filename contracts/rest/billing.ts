// Getting paid (issue 38): the payloads of the billing routes, shared by the API's route schemas and the app.
// Amounts are integers in the currency's minor unit (contracts/billing.ts); the server sets every price and
// never takes one from the client. The routes, by who calls them:
//
// Client ("Plans and billing"):
//   GET  /api/v1/billing                                  → billingPage: what is open to me, what I bought, my
//                                                            credits and invoices, and how to pay without cards
//   POST /api/v1/billing/offerings/:id/buy     buyInput   → 201 purchaseStarted (the same key: the same answer)
//   GET  /api/v1/billing/purchases/:id                    → purchase (the page polls it after paying)
//   POST /api/v1/billing/purchases/:id/cancel  cancelInput → purchase (a subscription or plan, at period end)
//   POST /api/v1/billing/purchases/:id/change  changeInput → purchase (another subscription of the same coach;
//                                                            Stripe prorates)
//   GET  /api/v1/billing/invoices/:id/pdf                 → application/pdf (the client's own)
// Coach:
//   GET  /api/v1/coach/offerings                          → offerings (their own and the tenant's)
//   POST /api/v1/coach/offerings               offeringInput → 201 offering
//   PUT  /api/v1/coach/offerings/:id           offeringInput → offering (a purchase keeps the price it was sold at)
//   POST /api/v1/coach/offerings/:id/archive   archiveInput → offering
//   PUT  /api/v1/coach/offerings/:id/invitations invitationsInput → offering (audience 'invited': who may buy)
//   GET  /api/v1/coach/clients/:id/credits                → creditBalance (their client's; else 404)
// Admin:
//   GET/POST /api/v1/admin/offerings, PUT /api/v1/admin/offerings/:id, POST …/:id/archive,
//            PUT …/:id/invitations                        → the same shapes; an admin's own are tenant-wide
//            (coach_id null), and they see and edit every coach's
//   GET  /api/v1/admin/groups                             → the tenant's groups ({ id, title }), for audience 'group'
//   GET  /api/v1/admin/clients/:id/credits                → creditBalance
//   POST /api/v1/admin/clients/:id/credits     creditAdjustInput → creditBalance (audited)
//   POST /api/v1/admin/payments/offline        offlinePaymentInput → 201 payment (the same path as a card's:
//                                                            payment, invoice, credits)
//   GET  /api/v1/admin/payments?from&to&cursor            → paymentsPage (newest first)
//   GET  /api/v1/admin/payments.csv?from&to               → text/csv (formula-safe, like the people export)
//   POST /api/v1/admin/payments/:id/refunds    refundInput → 201 refund (a credit note; credits taken back)
//   GET  /api/v1/admin/revenue?from=YYYY-MM&to=YYYY-MM     → revenue
//   GET  /api/v1/admin/invoices/:id/pdf                   → application/pdf (any of the tenant's)
// Stripe: the existing signed webhook route takes the Billing events too (invoice.paid, invoice.payment_failed,
// customer.subscription.updated / .deleted, charge.refunded).
// Integration API (keys): GET /integration/v1/offerings, /purchases, /invoices, /invoices/:id/pdf,
// /clients/:id/credits, paged like the others (contracts/rest/integration.ts).
import type { FromSchema } from 'json-schema-to-ts';
import { OFFERING_AUDIENCES, OFFERING_KINDS, PURCHASE_STATUSES, SUBSCRIPTION_INTERVALS } from '../billing.js';
import { calendarDate, id, list, text } from './client.js';
import { boolean, closed, integer, multiLine, nullableString, opaque, singleLine, string } from './pieces.js';

const nullableId = { ...id, type: ['integer', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
/** An amount in minor units: at most 1,000,000.00 (or 100,000,000 yen), as offerings_price allows. */
const amount = { type: 'integer', minimum: 0, maximum: 100_000_000 } as const;
/** A calendar month, YYYY-MM (single-line: a query's string must say what text it takes). */
const month = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', ...singleLine } as const;
const person = closed({ id: integer, first_name: string, last_name: string });
const named = closed({ id: integer, title: string });

// Enums are plain text too: the route guard (api/src/routes/plain-text.ts) wants every request string marked.
const kind = { type: 'string', enum: OFFERING_KINDS, ...singleLine } as const;
const audience = { type: 'string', enum: OFFERING_AUDIENCES, ...singleLine } as const;
const interval = {
  type: ['string', 'null'],
  enum: [...SUBSCRIPTION_INTERVALS, null],
  ...singleLine,
} as const;
const sessions = { type: ['integer', 'null'], minimum: 1, maximum: 100 } as const;

/** What is sold. The terms that are null are those its kind has none of (migration 1940's offerings_terms). */
export const offering = closed({
  id: integer,
  /** null: the tenant's own, an admin's, sold on behalf of every coach. */
  coach: { anyOf: [{ type: 'null' }, closed({ id: integer, name: string })] },
  kind,
  title: string,
  description: string,
  /** The meeting type its credits book; null: any of the coach's types that needs a credit. */
  meeting_type: { anyOf: [{ type: 'null' }, named] },
  sessions: { type: ['integer', 'null'] },
  valid_months: { type: ['integer', 'null'] },
  interval,
  instalments: { type: ['integer', 'null'] },
  /** The total (session, package, plan) or the price a period (subscription), tax included. */
  price: integer,
  /** A plan's first instalment (it carries the rounding: price − (K − 1) × the others); null for other kinds. */
  instalment: { type: ['integer', 'null'] },
  currency: string,
  audience,
  group: { anyOf: [{ type: 'null' }, named] },
  /** audience 'invited': the clients who may buy; [] otherwise. */
  invited: list(integer),
  active: boolean,
  created_at: time,
});

export const offeringInput = closed(
  {
    kind,
    title: text(120),
    description: { type: 'string', maxLength: 2000, ...multiLine },
    meeting_type_id: nullableId,
    sessions,
    valid_months: { type: ['integer', 'null'], minimum: 1, maximum: 36 },
    interval,
    instalments: { type: ['integer', 'null'], minimum: 2, maximum: 24 },
    price: amount,
    audience,
    group_id: nullableId,
  },
  ['kind', 'title', 'price', 'audience'],
);
export const archiveInput = closed({ archived: boolean });
export const invitationsInput = closed({ client_ids: { ...list(id), maxItems: 500, uniqueItems: true } });

export const subscription = closed({
  status: { type: 'string', enum: ['active', 'past_due', 'cancelled', 'ended'] },
  current_period_start: time,
  current_period_end: time,
  cancel_at_period_end: boolean,
  past_due_since: nullableTime,
  /** A plan's instalments paid so far (of offering.instalments); 0 for a subscription. */
  instalments_paid: integer,
  /** The last day booking that needs the plan stays open while a renewal is unpaid; null when paid up. */
  grace_until: nullableTime,
});

export const purchase = closed({
  id: integer,
  offering: closed({ id: integer, title: string, kind }),
  status: { type: 'string', enum: PURCHASE_STATUSES },
  amount: integer,
  currency: string,
  method: { type: 'string', enum: ['stripe', 'offline'] },
  created_at: time,
  paid_at: nullableTime,
  subscription: { anyOf: [{ type: 'null' }, subscription] },
});

export const buyInput = closed({ idempotency_key: opaque });
/**
 * A purchase begun. payment: what Stripe.js confirms (the PaymentIntent of a one-off, or of a subscription's
 * first invoice); null when the tenant takes no cards: the client pays as billingPage.offline_instructions say,
 * and an admin records it.
 */
export const purchaseStarted = closed({
  purchase,
  payment: { anyOf: [{ type: 'null' }, closed({ intent_id: string, client_secret: string })] },
});
export const cancelInput = closed({ cancel_at_period_end: boolean });
export const changeInput = closed({ offering_id: id });

export const creditGrant = closed({
  id: integer,
  source: { type: 'string', enum: ['purchase', 'renewal', 'adjustment'] },
  /** Signed: an adjustment down is negative. */
  quantity: integer,
  /** Spent and not given back. */
  used: integer,
  meeting_type: { anyOf: [{ type: 'null' }, named] },
  purchase_id: { type: ['integer', 'null'] },
  expires_at: nullableTime,
  reason: nullableString,
  created_at: time,
});
export const creditBalance = closed({
  client_id: integer,
  /** Credits left on grants not expired: what booking can spend now. */
  available: integer,
  next_expiry: nullableTime,
  grants: list(creditGrant),
});
export const creditAdjustInput = closed(
  {
    quantity: { type: 'integer', minimum: -100, maximum: 100, not: { const: 0 } },
    reason: text(500, multiLine),
    meeting_type_id: nullableId,
  },
  ['quantity', 'reason'],
);

export const invoiceSummary = closed({
  id: integer,
  kind: { type: 'string', enum: ['invoice', 'credit_note'] },
  number: string,
  issued_at: time,
  total: integer,
  tax: integer,
  currency: string,
  payment_id: integer,
});

export const billingPage = closed({
  currency: string,
  /** The tenant takes cards (Stripe keys are set): buy shows Stripe's card form. */
  cards: boolean,
  /** tenant.json billing.offlinePayment: how to pay the coach when there are no cards; null if unset. */
  offline_instructions: nullableString,
  offerings: list(offering),
  purchases: list(purchase),
  credits: creditBalance,
  invoices: list(invoiceSummary),
});

export const offlinePaymentInput = closed(
  {
    client_id: id,
    offering_id: id,
    /** Default: the offering's price (a plan's instalment). */
    amount: { ...amount, minimum: 1 },
    paid_on: { ...calendarDate, type: 'string' },
    note: text(500, multiLine),
  },
  ['client_id', 'offering_id', 'paid_on'],
);

export const payment = closed({
  id: integer,
  client: person,
  coach: { anyOf: [{ type: 'null' }, closed({ id: integer, name: string })] },
  offering: named,
  purchase_id: integer,
  amount: integer,
  tax_amount: integer,
  refunded_amount: integer,
  currency: string,
  method: { type: 'string', enum: ['stripe', 'offline'] },
  paid_at: time,
  invoice: { anyOf: [{ type: 'null' }, closed({ id: integer, number: string })] },
  note: nullableString,
});
export const paymentsPage = closed({ rows: list(payment), next_cursor: nullableString });
export const paymentsQuery = closed({ from: month, to: month, cursor: opaque }, []);

export const refundInput = closed({ amount: { ...amount, minimum: 1 }, reason: text(500, multiLine) }, [
  'amount',
  'reason',
]);
export const refund = closed({
  id: integer,
  payment_id: integer,
  amount: integer,
  reason: string,
  created_at: time,
  credit_note: closed({ id: integer, number: string }),
  /** Credits the refund took back from the client's balance (unspent ones of the purchase). */
  credits_removed: integer,
});

const money = { gross: integer, refunded: integer, net: integer } as const;
export const revenue = closed({
  currency: string,
  from: month,
  to: month,
  /** Every month from `from` to `to`, empty ones as zeros, in the tenant's zone. */
  months: list(closed({ month, ...money })),
  by_offering: list(closed({ offering_id: integer, title: string, ...money })),
  /** coach_id null: the tenant's own offerings. */
  by_coach: list(closed({ coach_id: { type: ['integer', 'null'] }, name: string, ...money })),
  /** Subscriptions and plans whose renewal is unpaid, and what they owe. */
  outstanding: closed({ count: integer, amount: integer }),
});
export const revenueQuery = closed({ from: month, to: month }, []);

export const offerings = list(offering);

// The integration API's rows (GET /integration/v1/purchases and /invoices, paged by contracts/rest/integration.ts):
// the client named by email as in its other lists.
export const integrationPurchase = closed({
  id: integer,
  client_email: string,
  offering_id: integer,
  offering_title: string,
  kind,
  status: { type: 'string', enum: PURCHASE_STATUSES },
  amount: integer,
  currency: string,
  method: { type: 'string', enum: ['stripe', 'offline'] },
  created_at: time,
  paid_at: nullableTime,
});
export const integrationInvoice = closed({
  id: integer,
  kind: { type: 'string', enum: ['invoice', 'credit_note'] },
  number: string,
  client_email: string,
  payment_id: integer,
  subtotal: integer,
  tax: integer,
  total: integer,
  currency: string,
  tax_label: nullableString,
  tax_rate_bp: { type: ['integer', 'null'] },
  issued_at: time,
});

export type Offering = FromSchema<typeof offering>;
export type OfferingInput = FromSchema<typeof offeringInput>;
export type Purchase = FromSchema<typeof purchase>;
export type PurchaseStarted = FromSchema<typeof purchaseStarted>;
export type CreditBalance = FromSchema<typeof creditBalance>;
export type InvoiceSummary = FromSchema<typeof invoiceSummary>;
export type BillingPage = FromSchema<typeof billingPage>;
export type Payment = FromSchema<typeof payment>;
export type PaymentsPage = FromSchema<typeof paymentsPage>;
export type Refund = FromSchema<typeof refund>;
export type Revenue = FromSchema<typeof revenue>;
