// An admin's refunds through the API, on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh), of a package the client bought through the API and paid by card (the real Stripe
// SDK, the Stripe stand-in and its signed webhook) or an admin recorded offline: the money back at Stripe, a
// credit note numbered next in the tenant's sequence (its PDF read back, and mailed), the credits the refunded
// share paid for taken back from the unspent ones, the purchase refunded when the whole is; audited and told as
// events. A refund Stripe refuses writes nothing and takes no number.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableCredits } from '../src/services/billing/credit-balance.js';
import { billingWorld, buy, newOffering, stripeOptions, wireWebhook } from './helpers/billing-world.js';
import type { BillingWorld } from './helpers/billing-world.js';
import { CLIENT_ZONE, call, everyDay, newClient, saveHours, setClock } from './helpers/booking.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import { pdfText } from './helpers/pdf-text.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';
import { StripeStandIn } from './helpers/stripe-stand-in.js';
import { until } from './helpers/until.js';

const stand = new StripeStandIn();
const h = new Harness();
let w: BillingWorld;
let client: Person;
let admin: Person;
let paid: { paymentId: number; purchaseId: number; intentId: string };

/** The payment of a purchase, as the ledger recorded it. */
const paymentOf = async (purchaseId: number) =>
  (
    await h.db
      .selectFrom('payments')
      .select('id')
      .where('purchase_id', '=', purchaseId)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  await stand.start();
  await h.start(stripeOptions(stand));
  wireWebhook(h, stand);
  setClock(h, '2027-03-15T08:00:00Z');
  w = await billingWorld(h);
  ({ client, admin } = w);
  await saveHours(h, w.coach, everyDay('09:00', '17:00'), { min_notice_minutes: 60 });
  // Bought and paid by card: the ledger records the payment, invoice INV-000001 and 6 credits.
  const offering = await newOffering(h, w.coach, { meeting_type_id: w.typeId, sessions: 6, price: 60000 });
  const started = await buy(h, client, offering.id);
  expect(started.statusCode, started.body).toBe(201);
  const intent = stand.intents.get(started.json().data.payment.intent_id)!;
  expect((await stand.emit(stand.succeededEvent(intent))).statusCode).toBe(200);
  const purchaseId = started.json().data.purchase.id as number;
  paid = { purchaseId, paymentId: await paymentOf(purchaseId), intentId: intent.id as string };
  const booked = await call(h, client, 'POST', '/api/v1/booking', {
    coach_id: w.coach.user.id,
    type_id: w.typeId,
    start: '2027-03-16T09:00:00.000Z',
  });
  expect(booked.statusCode, booked.body).toBe(201);
});
let worker: FastifyInstance | undefined;
afterAll(async () => {
  await worker?.close();
  await h.stop();
  await stand.stop();
});

/** The refunds asked of Stripe so far. */
const refundCalls = () => stand.requests.filter((r) => r.path === '/v1/refunds').length;
const refund = (paymentId: number, body: Record<string, unknown>, who = admin) =>
  call(h, who, 'POST', `/api/v1/admin/payments/${paymentId}/refunds`, body);
const balance = () => availableCredits(h.db, ALPHA, client.user.id, h.clock.now());
const payment = () =>
  h.db
    .selectFrom('payments')
    .select('refunded_amount')
    .where('id', '=', paid.paymentId)
    .executeTakeFirstOrThrow();
const purchaseStatus = async () =>
  (
    await h.db
      .selectFrom('purchases')
      .select('status')
      .where('id', '=', paid.purchaseId)
      .executeTakeFirstOrThrow()
  ).status;
const eventsOf = async (type: string) =>
  (
    await h.db.selectFrom('events').select('data').where('type', '=', type).orderBy('created_at').execute()
  ).map((e) => e.data as Record<string, unknown>);

describe('refunding a card payment', () => {
  it('a third: Stripe refunds it, a credit note follows the invoice, 2 of the 5 unspent credits go back', async () => {
    expect(await balance()).toBe(5);
    const res = await refund(paid.paymentId, { amount: 20000, reason: 'Moved abroad' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      payment_id: paid.paymentId,
      amount: 20000,
      reason: 'Moved abroad',
      credit_note: { number: 'INV-000002' },
      credits_removed: 2,
    });
    const refunds = [...stand.refunds.values()];
    expect(refunds).toEqual([expect.objectContaining({ amount: 20000, payment_intent: paid.intentId })]);
    expect(await h.db.selectFrom('refunds').select('stripe_refund_id').execute()).toEqual([
      { stripe_refund_id: refunds[0]!.id },
    ]);
    expect((await payment()).refunded_amount).toBe(20000);
    expect(await purchaseStatus()).toBe('active');
    expect(await balance()).toBe(3);
    const note = await h.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', data.credit_note.id)
      .executeTakeFirstOrThrow();
    // 200.00 with 21 % BTW inside it: 34.71 tax.
    expect(note).toMatchObject({ kind: 'credit_note', seq: 2, total: 20000, tax: 3471, subtotal: 16529 });
    expect((await eventsOf('invoice.issued')).at(-1)).toMatchObject({
      kind: 'credit_note',
      number: 'INV-000002',
      total: 20000,
      client_id: client.user.id,
    });
    expect((await eventsOf('credit.changed')).at(-1)).toMatchObject({
      change: -2,
      balance: 3,
      reason: 'refund',
    });
    const audit = await h.db.selectFrom('audit_log').select(['action', 'summary']).execute();
    expect(audit).toEqual([
      {
        action: 'payment.refunded',
        summary: 'Refunded €200.00 of invoice INV-000001 (credit note INV-000002): Moved abroad',
      },
    ]);
  });

  it('a refusal at Stripe writes nothing and takes no number; the rest then refunds it all', async () => {
    // Stripe down through the SDK's retries.
    stand.failNext = 3;
    const refused = await refund(paid.paymentId, { amount: 40000, reason: 'The rest' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).not.toMatch(/Stand-in/);
    expect(stand.failNext).toBe(0);
    expect(await h.db.selectFrom('refunds').select('id').execute()).toHaveLength(1);
    expect((await payment()).refunded_amount).toBe(20000);

    const res = await refund(paid.paymentId, { amount: 40000, reason: 'The rest' });
    expect(res.statusCode, res.body).toBe(201);
    // The number the refused attempt did not keep: no gap.
    expect(res.json().data).toMatchObject({ credit_note: { number: 'INV-000003' }, credits_removed: 3 });
    expect(await balance()).toBe(0);
    expect(await purchaseStatus()).toBe('refunded');
    // What was spent stays spent: the meeting keeps its credit.
    expect(
      await h.db.selectFrom('credit_uses').select('id').where('returned_at', 'is', null).execute(),
    ).toHaveLength(1);

    const pdf = await call(h, admin, 'GET', `/api/v1/admin/invoices/${res.json().data.credit_note.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('Credit note INV-000003.pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Credit note INV-000003');
    expect(text).toMatch(/Credits invoice\s+INV-000001/);
    expect(text).toMatch(/Refund of invoice INV-000001: The rest\s+1\s+€400\.00/);
    expect(text).toMatch(/Net\s+€330\.58\s+BTW 21%\s+€69\.42\s+Total credited\s+€400\.00/);
    // The client downloads their own credit note too.
    expect(
      (await call(h, client, 'GET', `/api/v1/billing/invoices/${res.json().data.credit_note.id}/pdf`))
        .statusCode,
    ).toBe(200);
  });

  it('never more than is left: 422, Stripe not called, nothing written', async () => {
    const calls = refundCalls();
    const res = await refund(paid.paymentId, { amount: 1, reason: 'Once more' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.amount).toEqual(['This payment is refunded in full.']);
    expect(refundCalls()).toBe(calls);
    expect(await h.db.selectFrom('refunds').select('id').execute()).toHaveLength(2);
  });
});

describe('refunding an offline payment', () => {
  it('records it with its credit note, no Stripe call; only the tenant’s admin may', async () => {
    const other = await newClient(h, w.coach, CLIENT_ZONE);
    const two = await newOffering(h, w.coach, {
      title: 'Two',
      meeting_type_id: w.typeId,
      sessions: 2,
      price: 15000,
    });
    const recorded = await call(h, admin, 'POST', '/api/v1/admin/payments/offline', {
      client_id: other.user.id,
      offering_id: two.id,
      paid_on: '2027-03-15',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const offline = { paymentId: recorded.json().data.id as number };
    const calls = refundCalls();
    const foreign = await signIn(h, { role_id: 1, tenant_id: BETA });
    expect((await refund(offline.paymentId, { amount: 100, reason: 'Not mine' }, foreign)).statusCode).toBe(
      404,
    );
    expect((await refund(offline.paymentId, { amount: 100, reason: 'Not mine' }, w.coach)).statusCode).toBe(
      403,
    );
    expect((await refund(999_999, { amount: 100, reason: 'None' })).statusCode).toBe(404);
    const res = await refund(offline.paymentId, { amount: 15000, reason: 'Paid twice by transfer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ credit_note: { number: 'INV-000005' }, credits_removed: 2 });
    expect(refundCalls()).toBe(calls);
    expect(
      await h.db
        .selectFrom('refunds')
        .select('stripe_refund_id')
        .where('payment_id', '=', offline.paymentId)
        .execute(),
    ).toEqual([{ stripe_refund_id: null }]);
  });
});

describe('the mail of a credit note', () => {
  it('each issued one is mailed to its client once, its PDF attached and readable', async () => {
    const keys = await sql<{ key: string }>`select singleton_key as key from pgboss.job
      where name = 'reminder' and singleton_key like 'invoice:%' order by singleton_key`.execute(h.db);
    // The card payment's invoice and the offline one's (the ledger's), and the three credit notes.
    expect(keys.rows).toHaveLength(5);
    // A worker runs the queue (the test's app runs none).
    const before = (await mailsTo(h.mailDir, client.user.email)).length;
    worker = await h.build({ jobs: { pollingSeconds: 0.5 } });
    await waitForMail(h.mailDir, client.user.email, before + 3);
    const mails = await mailsTo(h.mailDir, client.user.email);
    const notes = mails.filter((m) => m.subject.startsWith('Credit note'));
    expect(notes.map((m) => m.subject).sort()).toEqual(['Credit note INV-000002', 'Credit note INV-000003']);
    expect(mails.filter((m) => m.subject === 'Invoice INV-000001')).toHaveLength(1);
    const mail = notes.find((m) => m.subject === 'Credit note INV-000003')!;
    expect(mail.text).toContain('Credit note INV-000003 of');
    expect(mail.text).toContain('Amount: €400.00');
    const [file] = mail.attachments ?? [];
    expect(file).toMatchObject({ filename: 'Credit note INV-000003.pdf', encoding: 'base64' });
    expect(file!.contentType).toMatch(/^application\/pdf/);
    const text = await pdfText(Buffer.from(file!.content, 'base64'));
    expect(text).toContain('Credit note INV-000003');
    expect(text).toMatch(/Total credited\s+€400\.00/);
    // Sent once each: every send recorded by its invoice's key, one mail an invoice.
    const sent = async () =>
      (await h.db.selectFrom('reminder_sends').select('key').where('kind', '=', 'invoice').execute()).map(
        (r) => r.key,
      );
    await until('the five mails sent', async () => (await sent()).length === 5);
    expect((await sent()).sort()).toEqual(keys.rows.map((r) => r.key).sort());
    const after = await mailsTo(h.mailDir, client.user.email);
    expect(after.filter((m) => /^(Invoice|Credit note) /.test(m.subject))).toHaveLength(3);
  });
});
