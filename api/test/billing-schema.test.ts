// The money rules the database itself holds (migration 1940), whatever the code above it does: one open purchase
// of an offering per client however many buys race, one credit per meeting, one grant per purchase period, an
// invoice number used once and an issued invoice never changed; and the arithmetic of contracts/billing.ts
// (currencies without a minor unit, the tax inside a price). On PGlite, and on PostgreSQL through
// scripts/with-postgres.sh.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, minorDigits, taxIncluded } from '../../contracts/billing.js';
import type { PurchaseStatus } from '../../contracts/billing.js';
import { bookingWorld } from './helpers/booking.js';
import type { BookingWorld } from './helpers/booking.js';
import { ALPHA, Harness } from './helpers/harness.js';

const h = new Harness();
let world: BookingWorld;
let offeringId: number;

beforeAll(async () => {
  await h.start();
  world = await bookingWorld(h);
  const coach = await h.db
    .selectFrom('coaches')
    .select('id')
    .where('user_id', '=', world.coach.user.id)
    .executeTakeFirstOrThrow();
  ({ id: offeringId } = await h.db
    .insertInto('offerings')
    .values({
      tenant_id: ALPHA,
      coach_id: coach.id,
      kind: 'package',
      title: 'Six sessions',
      meeting_type_id: world.typeId,
      sessions: 6,
      valid_months: 6,
      price: 60000,
      currency: 'eur',
    })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(() => h.stop());

const purchase = (key: string, status: PurchaseStatus = 'pending') =>
  h.db
    .insertInto('purchases')
    .values({
      tenant_id: ALPHA,
      client_id: world.client.user.id,
      offering_id: offeringId,
      idempotency_key: key,
      status,
      amount: 60000,
      currency: 'eur',
      method: 'stripe',
      created_at: h.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** What a statement the database refuses fails with: its constraint's name, or its message. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: { constraint?: string; message: string }) => e.constraint ?? e.message,
  );

describe('the money arithmetic', () => {
  it('knows the currencies without a minor unit and formats each in its own', () => {
    expect([minorDigits('jpy'), minorDigits('JPY'), minorDigits('eur'), minorDigits('gbp')]).toEqual([
      0, 0, 2, 2,
    ]);
    expect(formatMoney(4500, 'jpy', 'en-GB')).toBe('JP¥4,500');
    expect(formatMoney(4500, 'eur', 'de-DE')).toBe('45,00\u00a0€');
    expect(formatMoney(123456, 'gbp', 'en-GB')).toBe('£1,234.56');
  });

  it('splits a price into tax and net that add up to it exactly, rounding the tax half up', () => {
    // 120.00 at 20 %: 20.00 of it is tax.
    expect(taxIncluded(12000, 2000)).toBe(2000);
    // 1.00 at 20 %: 16.67 cents of tax, 17.
    expect(taxIncluded(100, 2000)).toBe(17);
    // 45.00 at 19 %: 7.1849 → 7.18.
    expect(taxIncluded(4500, 1900)).toBe(718);
    expect(taxIncluded(5, 2000)).toBe(1);
    expect(taxIncluded(4999, 0)).toBe(0);
    for (let price = 0; price < 3000; price += 7) {
      const tax = taxIncluded(price, 2100);
      expect(Math.abs(tax - (price * 2100) / 12100)).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('what the database refuses', () => {
  it('one open purchase of an offering per client, whatever the keys of ten buys at once', async () => {
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => refusal(purchase(`race-${i}`))));
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => o !== 'accepted'))).toEqual(new Set(['purchases_one_open']));
    // Once it is paid, the client may buy the offering again.
    await h.db
      .updateTable('purchases')
      .set({ status: 'active' })
      .where('offering_id', '=', offeringId)
      .execute();
    expect(await refusal(purchase('again'))).toBe('accepted');
  });

  it("an offering's terms belong to its kind", async () => {
    const base = { tenant_id: ALPHA, title: 'x', price: 100, currency: 'eur' };
    const offering = (values: Record<string, unknown>) =>
      refusal(
        h.db
          .insertInto('offerings')
          .values({ ...base, kind: 'session', ...values })
          .execute(),
      );
    expect(await offering({ sessions: 1 })).toBe('accepted');
    expect(await offering({ sessions: 3 })).toBe('offerings_terms');
    expect(await offering({ kind: 'package', sessions: 6 })).toBe('offerings_terms');
    expect(await offering({ kind: 'subscription', interval: 'month' })).toBe('accepted');
    expect(await offering({ kind: 'plan', instalments: 3, interval: 'month' })).toBe('accepted');
    expect(await offering({ sessions: 1, price: -1 })).toBe('offerings_price');
    expect(await offering({ sessions: 1, currency: 'EUR' })).toBe('offerings_currency');
  });

  it('a meeting spends one credit at a time, and a purchase grants once a period', async () => {
    const { id: purchaseId } = await purchase('credits', 'active');
    const grant = (periodStart: Date | null) =>
      h.db
        .insertInto('credit_grants')
        .values({
          tenant_id: ALPHA,
          client_id: world.client.user.id,
          quantity: 6,
          source: 'purchase',
          purchase_id: purchaseId,
          period_start: periodStart,
          created_at: h.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const { id: grantId } = await grant(null);
    expect(await refusal(grant(null))).toBe('credit_grants_once');
    const booked = await world.book(world.client, '2027-03-16T10:00:00.000Z');
    expect(booked.statusCode, booked.body).toBe(201);
    const meetingId = (booked.json().data as { id: number }).id;
    const use = () =>
      h.db
        .insertInto('credit_uses')
        .values({ grant_id: grantId, meeting_id: meetingId, created_at: h.clock.now() })
        .execute();
    expect(await refusal(use())).toBe('accepted');
    expect(await refusal(use())).toBe('credit_uses_meeting');
    // Given back, the meeting may spend again (booked anew within the notice).
    await h.db
      .updateTable('credit_uses')
      .set({ returned_at: h.clock.now() })
      .where('meeting_id', '=', meetingId)
      .execute();
    expect(await refusal(use())).toBe('accepted');
    // An adjustment names its reason and its admin; a purchase's grant never goes below zero.
    expect(
      await refusal(
        h.db
          .insertInto('credit_grants')
          .values({
            tenant_id: ALPHA,
            client_id: world.client.user.id,
            quantity: -2,
            source: 'adjustment',
            created_at: h.clock.now(),
          })
          .execute(),
      ),
    ).toBe('credit_grants_adjustment');
  });

  it('an invoice number is used once, and an issued invoice is never changed or deleted', async () => {
    const { id: purchaseId } = await purchase('invoiced', 'completed');
    const { id: paymentId } = await h.db
      .insertInto('payments')
      .values({
        tenant_id: ALPHA,
        client_id: world.client.user.id,
        purchase_id: purchaseId,
        amount: 60000,
        tax_amount: taxIncluded(60000, 2100),
        currency: 'eur',
        method: 'stripe',
        stripe_ref: 'pi_schema_test',
        paid_at: h.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoice = (seq: number, kind: 'invoice' | 'credit_note' = 'invoice') =>
      h.db
        .insertInto('invoices')
        .values({
          tenant_id: ALPHA,
          kind,
          seq,
          number: `INV-${seq}`,
          payment_id: paymentId,
          client_id: world.client.user.id,
          seller: JSON.stringify({ name: 'Alpha Coaching B.V.', address: ['Keizersgracht 1'] }),
          buyer: JSON.stringify({ name: 'A client', email: 'a@example.test' }),
          lines: JSON.stringify([{ description: 'Six sessions', quantity: 1, amount: 60000 }]),
          subtotal: 60000 - 10413,
          tax: 10413,
          total: 60000,
          currency: 'eur',
          issued_at: h.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const { id } = await invoice(900001);
    expect(await refusal(invoice(900001))).toMatch(/invoices_seq|invoices_payment/);
    // A payment has one invoice; a second is a credit note, which needs its refund.
    expect(await refusal(invoice(900002))).toBe('invoices_payment');
    expect(await refusal(invoice(900003, 'credit_note'))).toBe('invoices_refund');
    expect(
      await refusal(h.db.updateTable('invoices').set({ total: 1 }).where('id', '=', id).execute()),
    ).toContain('an issued invoice never changes');
    expect(await refusal(h.db.deleteFrom('invoices').where('id', '=', id).execute())).toContain(
      'an issued invoice never changes',
    );
    expect(await refusal(sql`update invoices set number = 'X' where id = ${id}`.execute(h.db))).toContain(
      'an issued invoice never changes',
    );
    const kept = await h.db
      .selectFrom('invoices')
      .select(['number', 'total'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(kept).toEqual({ number: 'INV-900001', total: 60000 });
  });
});
