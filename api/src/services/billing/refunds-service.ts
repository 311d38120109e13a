// An admin's refund of a payment: the money back through Stripe (a card payment) or by the business itself (an
// offline one, recorded here), a credit note numbered in the tenant's invoice sequence, and the session credits
// the refunded share paid for taken back from those still unspent. All in one transaction that holds the
// payment's row, so two refunds at once cannot together return more than was paid.
//
// Stripe is called inside that transaction, with an Idempotency-Key made of the payment, what was refunded of
// it before and this amount: should the database fail after Stripe refunded, the admin's retry finds the same
// key, Stripe answers the same refund, and the rows are written once. Credits: a full refund takes back every
// unspent credit of the purchase; a part takes back the share it paid for (6 sessions, a third refunded: 2),
// rounded down and never more than are unspent. What was spent stays spent: the sessions were had.
import type { Kysely } from 'kysely';
import { formatMoney, taxIncluded } from '../../../../contracts/billing.js';
import type { Refund } from '../../../../contracts/rest/billing.js';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { ownerValues, visible } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { writeAudit } from '../people/audit-repository.js';
import { createStripe, stripeCaller, type StripeOptions } from '../payments/stripe-client.js';
import { creditChanged } from './credits.js';
import { takeInvoiceNumber } from './invoice-numbers.js';

const notFound = () => new HttpError(404, 'Payment not found.');

export function createRefundsService(deps: {
  db: Kysely<Database>;
  now: () => Date;
  stripe: StripeOptions;
  log: { error(obj: object, msg: string): void };
}) {
  const { db, now } = deps;
  const stripe = stripeCaller(createStripe(deps.stripe), deps.log);

  /** The purchase's grants not yet expired, oldest first, with what is unspent of each. */
  async function unspent(trx: Kysely<Database>, admin: Actor, purchaseId: number, at: Date) {
    const grants = await trx
      .selectFrom('credit_grants as g')
      .where(visible(admin, 'credit_grants as g'))
      .select(['g.id', 'g.quantity', 'g.meeting_type_id', 'g.expires_at'])
      .select((eb) =>
        eb
          .selectFrom('credit_uses as u')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('u.grant_id', '=', 'g.id')
          .where('u.returned_at', 'is', null)
          .as('used'),
      )
      .where('g.purchase_id', '=', purchaseId)
      .orderBy('g.id')
      .forUpdate()
      .execute();
    return grants
      .filter((g) => g.expires_at === null || g.expires_at > at)
      .map((g) => ({ ...g, left: Math.max(0, g.quantity - Number(g.used ?? 0)) }));
  }

  return {
    async refund(
      admin: Actor,
      paymentId: number,
      input: { amount: number; reason: string },
    ): Promise<Refund> {
      const at = now();
      const reason = input.reason.trim();
      return db.transaction().execute(async (trx) => {
        const payment = await trx
          .selectFrom('payments as p')
          .where(visible(admin, 'payments as p'))
          .innerJoin('purchases as pu', (j) =>
            j.onRef('pu.id', '=', 'p.purchase_id').on(visible(admin, 'purchases as pu')),
          )
          .innerJoin('offerings as o', 'o.id', 'pu.offering_id')
          .innerJoin('invoices as i', (j) =>
            j
              .onRef('i.payment_id', '=', 'p.id')
              .on('i.kind', '=', 'invoice')
              .on(visible(admin, 'invoices as i')),
          )
          .select([
            'p.id',
            'p.client_id',
            'p.amount',
            'p.refunded_amount',
            'p.currency',
            'p.method',
            'p.stripe_ref',
            'p.purchase_id',
            'pu.offering_id',
            'o.sessions',
            'i.number as invoice_number',
            'i.seller',
            'i.buyer',
            'i.tax_label',
            'i.tax_rate_bp',
          ])
          .where('p.id', '=', paymentId)
          .forUpdate()
          .executeTakeFirst();
        if (!payment) throw notFound();
        const left = payment.amount - payment.refunded_amount;
        if (input.amount > left)
          throw new FieldError({
            amount: [
              left === 0
                ? 'This payment is refunded in full.'
                : `At most ${formatMoney(left, payment.currency)} is left to refund.`,
            ],
          });

        // The money first: should Stripe refuse, nothing below is written.
        let stripeRefundId: string | null = null;
        if (payment.method === 'stripe') {
          const ref = payment.stripe_ref ?? '';
          const key = `refund-${payment.id}-${payment.refunded_amount}-${input.amount}`;
          const refunded = await stripe(async (s) => {
            // A renewal's payment is known by its Stripe Invoice: the refund goes to that invoice's PaymentIntent.
            const intent = ref.startsWith('in_')
              ? String((await s.invoices.retrieve(ref)).payments?.data[0]?.payment.payment_intent ?? '')
              : ref;
            return s.refunds.create(
              { payment_intent: intent, amount: input.amount, metadata: { payment_id: String(payment.id) } },
              { idempotencyKey: key },
            );
          });
          stripeRefundId = refunded.id;
        }

        const { id: refundId, created_at } = await trx
          .insertInto('refunds')
          .values({
            tenant_id: admin.tenantId,
            payment_id: payment.id,
            amount: input.amount,
            reason,
            actor_id: admin.userId,
            stripe_refund_id: stripeRefundId,
            created_at: at,
          })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        const refundedNow = payment.refunded_amount + input.amount;
        await trx
          .updateTable('payments as p')
          .where(visible(admin, 'payments as p'))
          .set({ refunded_amount: refundedNow })
          .where('p.id', '=', payment.id)
          .execute();
        const full = refundedNow === payment.amount;
        if (full)
          await trx
            .updateTable('purchases as pu')
            .where(visible(admin, 'purchases as pu'))
            .set({ status: 'refunded' })
            .where('pu.id', '=', payment.purchase_id)
            .execute();

        // The credit note: the same seller and buyer as the invoice it credits, the tax at its rate.
        const prefix = await trx
          .selectFrom('tenants')
          .select('billing_invoice_prefix')
          .where('id', '=', admin.tenantId)
          .executeTakeFirstOrThrow();
        const { seq, number } = await takeInvoiceNumber(trx, admin.tenantId, prefix.billing_invoice_prefix);
        const tax = taxIncluded(input.amount, payment.tax_rate_bp ?? 0);
        const client = { tenantId: admin.tenantId, userId: payment.client_id } as AssignedClient;
        const note = await trx
          .insertInto('invoices')
          .values({
            ...ownerValues(admin, 'invoices', client),
            kind: 'credit_note',
            seq,
            number,
            payment_id: payment.id,
            refund_id: refundId,
            seller: JSON.stringify(payment.seller),
            buyer: JSON.stringify(payment.buyer),
            lines: JSON.stringify([
              {
                description: `Refund of invoice ${payment.invoice_number}: ${reason}`,
                quantity: 1,
                amount: input.amount,
              },
            ]),
            subtotal: input.amount - tax,
            tax,
            total: input.amount,
            currency: payment.currency,
            tax_label: payment.tax_label,
            tax_rate_bp: payment.tax_rate_bp,
            issued_at: at,
          })
          .returning(['id', 'number'])
          .executeTakeFirstOrThrow();
        await recordEvent(trx, admin.tenantId, 'invoice.issued', {
          invoice_id: note.id,
          kind: 'credit_note',
          number,
          client_id: payment.client_id,
          payment_id: payment.id,
          total: input.amount,
          tax,
          currency: payment.currency,
          issued_at: at.toISOString(),
        });

        // The credits the refunded share paid for, from the unspent ones (a negative adjustment each, by type).
        // Earlier refunds of the payment took back their share the same way, from the same grants in the same
        // order: what they took is skipped, so no credit is taken back twice.
        const grants = await unspent(trx, admin, payment.purchase_id, at);
        const bought = grants.reduce((sum, g) => sum + g.quantity, 0);
        const share = (refunded: number) => Math.floor((bought * refunded) / payment.amount);
        let skip = share(payment.refunded_amount);
        const open = Math.max(0, grants.reduce((sum, g) => sum + g.left, 0) - skip);
        let take = Math.min(open, full ? open : share(refundedNow) - skip);
        const removed = take;
        for (const grant of grants) {
          const skipped = Math.min(skip, grant.left);
          skip -= skipped;
          const n = Math.min(take, grant.left - skipped);
          if (n === 0) continue;
          take -= n;
          await trx
            .insertInto('credit_grants')
            .values({
              ...ownerValues(admin, 'credit_grants', client),
              meeting_type_id: grant.meeting_type_id,
              quantity: -n,
              source: 'adjustment',
              reason: `Refund ${number} of invoice ${payment.invoice_number}`,
              actor_id: admin.userId,
              created_at: at,
            })
            .execute();
        }
        if (removed > 0)
          await creditChanged(
            trx,
            admin.tenantId,
            {
              clientId: payment.client_id,
              change: -removed,
              reason: 'refund',
              purchaseId: payment.purchase_id,
            },
            at,
          );
        await writeAudit(trx, { tenantId: admin.tenantId, userId: admin.userId }, at, {
          action: 'payment.refunded',
          subject_type: 'refund',
          subject_id: refundId,
          person_id: payment.client_id,
          summary: `Refunded ${formatMoney(input.amount, payment.currency)} of invoice ${payment.invoice_number} (credit note ${number}): ${reason}`,
          after: { amount: input.amount, reason, credit_note: number, credits_removed: removed },
        });
        return {
          id: refundId,
          payment_id: payment.id,
          amount: input.amount,
          reason,
          created_at: created_at.toISOString(),
          credit_note: { id: note.id, number: note.number },
          credits_removed: removed,
        };
      });
    },
  };
}
