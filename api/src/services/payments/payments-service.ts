// Paid groups. The amount is always the group's price as stored here: the client only names the group. A
// retried create-intent (same Idempotency-Key) answers the same PaymentIntent, both from our row and, for two
// retries racing, through Stripe's own idempotency key. Paid is set only by a webhook whose signature the SDK
// verified (300 s tolerance, against the injected clock), and each event id is processed once, in the same
// transaction as its effect, so a replay or a redelivery changes nothing.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { found } from '../client-work/owner.js';
import type { Actor } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import { requireTraining } from '../groups/trainings.js';
import { findProfile } from '../users/user-repository.js';
import * as repo from './payments-repository.js';
import { receiptMail } from './receipt-mail.js';
import {
  createStripe,
  paymentsNotConfigured,
  stripeCaller,
  WEBHOOK_TOLERANCE_SECONDS,
} from './stripe-client.js';
import type { StripeOptions } from './stripe-client.js';
import { recordEvent } from '../events/record-event.js';
import { requireSignedAgreement } from '../agreements/agreement-rule.js';
import { billingEvent } from '../billing/subscriptions.js';

interface PaymentDeps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
  stripe: StripeOptions;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export function createPaymentsService({ db, now, mailer, stripe: options, log }: PaymentDeps) {
  const stripe = createStripe(options);

  const provider = stripeCaller(stripe, log);

  const answer = (
    payment: { group_id: number; intent_id: string; amount: number; currency: string },
    clientSecret: string | null,
  ) => ({
    group_id: payment.group_id,
    payment_intent_id: payment.intent_id,
    client_secret: clientSecret ?? '',
    amount: payment.amount,
    currency: payment.currency,
  });

  return {
    async createIntent(owner: Actor, groupId: number, key: string) {
      await requireTraining(db, owner, 'group_coaching');
      if (!stripe) throw paymentsNotConfigured();
      const earlier = await repo.findPaymentByKey(db, owner, key);
      if (earlier) {
        if (earlier.group_id !== groupId)
          throw new HttpError(409, 'This Idempotency-Key was used for another purchase. Send a new key.');
        const intent = await provider((s) => s.paymentIntents.retrieve(earlier.intent_id));
        return answer(earlier, intent.client_secret);
      }
      const group = found(await repo.findGroupForSale(db, owner.tenantId, groupId), 'Group');
      if (!group.active) throw new FieldError({ group_id: ['This group is not open for enrolment.'] });
      if (group.group_type !== 'paid' || group.price <= 0)
        throw new FieldError({ group_id: ['This group is free: it needs no payment.'] });
      if ((await repo.findMembership(db, owner, groupId))?.paid)
        throw new HttpError(409, 'You have already paid for this group.');
      await requireSignedAgreement(db, { reader: owner, clientId: owner.userId }, group.coach_id, 'group');
      const currency = group.currency.toLowerCase();
      const intent = await provider((s) =>
        s.paymentIntents.create(
          {
            amount: group.price,
            currency,
            automatic_payment_methods: { enabled: true },
            description: group.title,
            metadata: {
              tenant_id: String(owner.tenantId),
              user_id: String(owner.userId),
              group_id: String(group.id),
            },
          },
          { idempotencyKey: `group-payment:${owner.tenantId}:${owner.userId}:${key}` },
        ),
      );
      const payment = {
        group_id: group.id,
        idempotency_key: key,
        intent_id: intent.id,
        amount: group.price,
        currency,
      };
      await repo.insertPayment(db, owner, { ...payment, at: now() });
      return answer(payment, intent.client_secret);
    },

    /** The group's price and where the caller's purchase stands; nothing here can mark it paid. */
    async status(owner: Actor, groupId: number) {
      await requireTraining(db, owner, 'group_coaching');
      const group = found(await repo.findGroupForSale(db, owner.tenantId, groupId), 'Group');
      const [membership, payment] = await Promise.all([
        repo.findMembership(db, owner, groupId),
        repo.latestPayment(db, owner, groupId),
      ]);
      return {
        group_id: groupId,
        title: group.title,
        // What the group costs (the server's price; create-intent charges exactly this).
        amount: group.group_type === 'paid' ? group.price : 0,
        currency: group.currency.toLowerCase(),
        paid: membership?.paid ?? false,
        status: payment?.status ?? ('none' as const),
        paid_at: payment?.paid_at?.toISOString() ?? null,
      };
    },

    /** Mails the caller the receipt of their paid group, once; later calls answer when it was mailed. */
    async mailReceipt(tenant: Tenant, owner: Actor, groupId: number) {
      await requireTraining(db, owner, 'group_coaching');
      const group = found(await repo.findGroupForSale(db, owner.tenantId, groupId), 'Group');
      const payment = await repo.latestPayment(db, owner, groupId);
      if (payment?.status !== 'succeeded' || !payment.paid_at)
        throw new HttpError(409, 'This group has not been paid for yet.');
      const at = now();
      if (!(await repo.claimReceipt(db, owner, payment.id, at)))
        return {
          group_id: groupId,
          mailed: false,
          mailed_at: payment.receipt_mailed_at?.toISOString() ?? null,
        };
      const user = found(await findProfile(db, owner.tenantId, owner.userId), 'User');
      try {
        await mailer.send(receiptMail(tenant, user, group.title, { ...payment, paid_at: payment.paid_at }));
      } catch (error) {
        await repo.releaseReceipt(db, owner, payment.id);
        throw error;
      }
      return { group_id: groupId, mailed: true, mailed_at: at.toISOString() };
    },

    /** A webhook delivery: verified, then processed once per event id. Throws 400 for a bad signature. */
    async webhook(rawBody: Buffer, signature: string | undefined) {
      if (!stripe || !options.webhookSecret) throw paymentsNotConfigured();
      const at = now();
      const client = await stripe();
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          at.getTime(),
        );
      } catch {
        throw new HttpError(400, 'The webhook signature could not be verified.');
      }
      const outcome = await db.transaction().execute(async (trx) => {
        if (!(await repo.claimEvent(trx, event.id, event.type, at))) return 'duplicate';
        // A purchase of an offering: its payment, invoice, credits and subscription.
        const billed = await billingEvent(trx, event, at);
        if (billed !== null) return billed;
        if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
          return 'ignored';
        const intent = event.data.object;
        const payment = await repo.findPaymentByIntent(trx, intent.id);
        if (!payment) return 'unknown intent';
        if (event.type === 'payment_intent.payment_failed') {
          await repo.setPaymentStatus(trx, payment.id, 'failed', at);
          return 'failed';
        }
        // The amount settled must be the one this API asked for; anything else is investigated, not granted.
        if (intent.amount_received !== payment.amount || intent.currency !== payment.currency)
          return 'amount mismatch';
        await repo.setPaymentStatus(trx, payment.id, 'succeeded', at);
        // Once per payment (Stripe may send a success again under another event id): what was bought, by whom,
        // for how much; nothing of the card or Stripe's client secret.
        if (payment.status !== 'succeeded')
          await recordEvent(trx, payment.tenant_id, 'payment.succeeded', {
            payment_id: payment.id,
            user_id: payment.user_id,
            group_id: payment.group_id,
            purchase_id: null,
            offering_id: null,
            amount: payment.amount,
            currency: payment.currency,
            method: 'stripe',
            stripe_payment_intent: intent.id,
            paid_at: at.toISOString(),
          });
        // The verified payment's payer: the webhook acts for the client who paid.
        await repo.markMemberPaid(
          trx,
          { tenantId: payment.tenant_id, userId: payment.user_id, role: 'client' },
          payment.group_id,
          at,
        );
        return 'paid';
      });
      log.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    },
  };
}
