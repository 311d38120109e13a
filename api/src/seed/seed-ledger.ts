// What the demo's past sales left behind, written straight to the tables as the ledger writes a payment (B1's
// recordPayment): the purchase, its payment, the invoice numbered from the tenant's sequence in the same
// transaction, and the credits it gave. The seed and the report tests use it for history no Stripe call made.
import type { Kysely } from 'kysely';
import { taxIncluded } from '../../../contracts/billing.js';
import type { Database } from '../db/database.js';
import { takeInvoiceNumber } from '../services/billing/invoice-numbers.js';

interface PastSale {
  tenantId: number;
  clientId: number;
  offeringId: number;
  amount: number;
  paidAt: Date;
  method: 'stripe' | 'offline';
  /** The admin who recorded an offline payment. */
  recordedBy?: number | undefined;
  note?: string | undefined;
  /** Credits the payment gave, when they expire, and the subscription period they are for. */
  credits?:
    | { quantity: number; meetingTypeId: number | null; expiresAt: Date | null; periodStart?: Date }
    | undefined;
  status?: 'active' | 'completed' | undefined;
  /** A renewal: the subscription's purchase it pays another period of (no new purchase). */
  renews?: number | undefined;
}

/** The sale as one transaction; its ids. */
export async function recordPastSale(
  db: Kysely<Database>,
  sale: PastSale,
): Promise<{ purchaseId: number; paymentId: number; invoiceId: number; grantId: number | null }> {
  return db.transaction().execute(async (trx) => {
    const tenant = await trx
      .selectFrom('tenants')
      .select(['billing_currency', 'billing_tax', 'billing_seller', 'billing_invoice_prefix', 'name'])
      .where('id', '=', sale.tenantId)
      .executeTakeFirstOrThrow();
    const [offering, buyer] = await Promise.all([
      trx.selectFrom('offerings').select('title').where('id', '=', sale.offeringId).executeTakeFirstOrThrow(),
      trx
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email'])
        .where('id', '=', sale.clientId)
        .executeTakeFirstOrThrow(),
    ]);
    const currency = tenant.billing_currency;
    const ref =
      sale.method === 'stripe' ? `seed_${sale.tenantId}_${sale.clientId}_${sale.paidAt.getTime()}` : null;
    const purchase =
      sale.renews !== undefined
        ? { id: sale.renews }
        : await trx
            .insertInto('purchases')
            .values({
              tenant_id: sale.tenantId,
              client_id: sale.clientId,
              offering_id: sale.offeringId,
              idempotency_key: `seed-${sale.paidAt.toISOString()}-${sale.offeringId}`,
              status: sale.status ?? 'active',
              amount: sale.amount,
              currency,
              method: sale.method,
              stripe_payment_intent: ref,
              created_at: sale.paidAt,
              paid_at: sale.paidAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
    const tax = tenant.billing_tax ? taxIncluded(sale.amount, tenant.billing_tax.rateBp) : 0;
    const payment = await trx
      .insertInto('payments')
      .values({
        tenant_id: sale.tenantId,
        client_id: sale.clientId,
        purchase_id: purchase.id,
        amount: sale.amount,
        tax_amount: tax,
        currency,
        method: sale.method,
        stripe_ref: ref,
        recorded_by: sale.method === 'offline' ? (sale.recordedBy ?? null) : null,
        note: sale.note ?? null,
        paid_at: sale.paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { seq, number } = await takeInvoiceNumber(trx, sale.tenantId, tenant.billing_invoice_prefix);
    const invoice = await trx
      .insertInto('invoices')
      .values({
        tenant_id: sale.tenantId,
        kind: 'invoice',
        seq,
        number,
        payment_id: payment.id,
        client_id: sale.clientId,
        seller: JSON.stringify(tenant.billing_seller ?? { name: tenant.name, address: [] }),
        buyer: JSON.stringify({ name: `${buyer.first_name} ${buyer.last_name}`, email: buyer.email }),
        lines: JSON.stringify([{ description: offering.title, quantity: 1, amount: sale.amount }]),
        subtotal: sale.amount - tax,
        tax,
        total: sale.amount,
        currency,
        tax_label: tenant.billing_tax?.label ?? null,
        tax_rate_bp: tenant.billing_tax?.rateBp ?? null,
        issued_at: sale.paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grant = sale.credits
      ? await trx
          .insertInto('credit_grants')
          .values({
            tenant_id: sale.tenantId,
            client_id: sale.clientId,
            meeting_type_id: sale.credits.meetingTypeId,
            quantity: sale.credits.quantity,
            source: sale.renews === undefined ? 'purchase' : 'renewal',
            purchase_id: purchase.id,
            period_start: sale.credits.periodStart ?? null,
            expires_at: sale.credits.expiresAt,
            created_at: sale.paidAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null;
    return {
      purchaseId: purchase.id,
      paymentId: payment.id,
      invoiceId: invoice.id,
      grantId: grant?.id ?? null,
    };
  });
}
