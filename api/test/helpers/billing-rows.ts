// Billing rows for the credit and invoice tests, inserted as the ledger (recordPayment) leaves them: a package
// bought and paid, its payment, its invoice numbered by the tenant's sequence, and its credit grant; or a
// subscription left past due. Written directly where buying through the API (billing-buying.test.ts,
// billing-refunds.test.ts) is not what a test is about; npm run bench:invoice issues its invoices with it too.
import type { Kysely } from 'kysely';
import { taxIncluded } from '../../../contracts/billing.js';
import type { Database } from '../../src/db/database.js';
import { takeInvoiceNumber } from '../../src/services/billing/invoice-numbers.js';
import type { Coach } from './booking.js';
import type { Harness } from './harness.js';
import type { Person } from './sign-in.js';

const DAY = 24 * 60 * 60 * 1000;

interface Paid {
  /** Credits the purchase grants. */
  sessions?: number;
  price?: number;
  meetingTypeId?: number | null;
  expiresAt?: Date | null;
  /** The invoice's lines (amounts adding up to the price); else one line of the package. */
  lines?: { description: string; quantity: number; amount: number }[];
  /** The invoice's buyer; else the client's name and email. */
  buyer?: { name: string; email: string; address?: string[] };
}

/** A package the client bought from the coach and paid by card: its purchase, payment, invoice and grant. */
export const paidPackage = (h: Harness, coach: Coach, client: Person, paid: Paid = {}) =>
  insertPaidPackage(
    h.db,
    { tenantId: client.user.tenantId, coachId: coach.coachId, clientId: client.user.id },
    h.clock.now(),
    paid,
  );

/** paidPackage on a database by ids, paid at `at`. */
export async function insertPaidPackage(
  db: Kysely<Database>,
  who: { tenantId: number; coachId: number; clientId: number },
  at: Date,
  paid: Paid = {},
) {
  const { sessions = 6, price = 60000, meetingTypeId = null } = paid;
  const { tenantId } = who;
  return db.transaction().execute(async (trx) => {
    const tenant = await trx
      .selectFrom('tenants')
      .select(['billing_currency', 'billing_invoice_prefix', 'billing_seller', 'billing_tax'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const buyer = await trx
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', who.clientId)
      .executeTakeFirstOrThrow();
    const currency = tenant.billing_currency;
    const { id: offeringId } = await trx
      .insertInto('offerings')
      .values({
        tenant_id: tenantId,
        coach_id: who.coachId,
        kind: 'package',
        title: `${sessions} sessions`,
        meeting_type_id: meetingTypeId,
        sessions,
        valid_months: 6,
        price,
        currency,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: purchaseId } = await trx
      .insertInto('purchases')
      .values({
        tenant_id: tenantId,
        client_id: who.clientId,
        offering_id: offeringId,
        idempotency_key: `test-${offeringId}`,
        status: 'active',
        amount: price,
        currency,
        method: 'stripe',
        created_at: at,
        paid_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rateBp = tenant.billing_tax?.rateBp ?? 0;
    const tax = taxIncluded(price, rateBp);
    const { id: paymentId } = await trx
      .insertInto('payments')
      .values({
        tenant_id: tenantId,
        client_id: who.clientId,
        purchase_id: purchaseId,
        amount: price,
        tax_amount: tax,
        currency,
        method: 'stripe',
        stripe_ref: `pi_test_${purchaseId}`,
        paid_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { seq, number } = await takeInvoiceNumber(trx, tenantId, tenant.billing_invoice_prefix);
    const { id: invoiceId } = await trx
      .insertInto('invoices')
      .values({
        tenant_id: tenantId,
        kind: 'invoice',
        seq,
        number,
        payment_id: paymentId,
        client_id: who.clientId,
        seller: JSON.stringify(tenant.billing_seller ?? { name: 'Seller', address: [] }),
        buyer: JSON.stringify(
          paid.buyer ?? { name: `${buyer.first_name} ${buyer.last_name}`, email: buyer.email },
        ),
        lines: JSON.stringify(
          paid.lines ?? [{ description: `${sessions} sessions`, quantity: 1, amount: price }],
        ),
        subtotal: price - tax,
        tax,
        total: price,
        currency,
        tax_label: tenant.billing_tax?.label ?? null,
        tax_rate_bp: tenant.billing_tax ? rateBp : null,
        issued_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: grantId } = await trx
      .insertInto('credit_grants')
      .values({
        tenant_id: tenantId,
        client_id: who.clientId,
        meeting_type_id: meetingTypeId,
        quantity: sessions,
        source: 'purchase',
        purchase_id: purchaseId,
        expires_at: paid.expiresAt === undefined ? new Date(at.getTime() + 180 * DAY) : paid.expiresAt,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { offeringId, purchaseId, paymentId, invoiceId, grantId, number };
  });
}

/** A monthly subscription of the client's whose renewal failed at `since` and is still unpaid. */
export async function pastDueSubscription(h: Harness, coach: Coach, client: Person, since: Date) {
  const tenantId = client.user.tenantId;
  const { id: offeringId } = await h.db
    .insertInto('offerings')
    .values({
      tenant_id: tenantId,
      coach_id: coach.coachId,
      kind: 'subscription',
      title: 'Monthly coaching',
      interval: 'month',
      sessions: 2,
      price: 20000,
      currency: 'usd',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: purchaseId } = await h.db
    .insertInto('purchases')
    .values({
      tenant_id: tenantId,
      client_id: client.user.id,
      offering_id: offeringId,
      idempotency_key: `test-sub-${offeringId}`,
      status: 'active',
      amount: 20000,
      currency: 'usd',
      method: 'stripe',
      created_at: new Date(since.getTime() - 30 * DAY),
      paid_at: new Date(since.getTime() - 30 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('subscriptions')
    .values({
      purchase_id: purchaseId,
      status: 'past_due',
      current_period_start: since,
      current_period_end: new Date(since.getTime() + 30 * DAY),
      past_due_since: since,
    })
    .execute();
  return { offeringId, purchaseId };
}
