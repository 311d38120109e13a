// Offerings and buying one-offs against the real `stripe` SDK pointed at the local stand-in: a coach
// sells their own and an admin the business's, each kind with its terms; a client buys what is open to them at
// the server's price, ten buys at once make one purchase and one PaymentIntent, only a signed webhook pays it
// (payment, invoice, credits, events) and a replay changes nothing; twenty payments across two app instances
// take invoice numbers without a gap; without Stripe keys the purchase waits for an admin's offline record.
// On PGlite, and on PostgreSQL through scripts/with-postgres.sh.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { call, newClient } from './helpers/booking.js';
import { billingWorld, buy, newOffering, stripeOptions, wireWebhook } from './helpers/billing-world.js';
import type { BillingWorld } from './helpers/billing-world.js';
import { saleGroup } from './helpers/groups.js';
import { signIn } from './helpers/sign-in.js';
import { StripeStandIn } from './helpers/stripe-stand-in.js';

const stand = new StripeStandIn();
const h = new Harness();
let w: BillingWorld;
let second: FastifyInstance;

beforeAll(async () => {
  await stand.start();
  await h.start(stripeOptions(stand));
  second = await h.build(stripeOptions(stand));
  wireWebhook(h, stand);
  w = await billingWorld(h);
});
afterAll(async () => {
  await second?.close();
  await h.stop();
  await stand.stop();
});

const OFFERINGS = '/api/v1/coach/offerings';

const paymentsOf = (purchaseId: number) =>
  h.db.selectFrom('payments').selectAll().where('purchase_id', '=', purchaseId).execute();
const grantsOf = (purchaseId: number) =>
  h.db.selectFrom('credit_grants').selectAll().where('purchase_id', '=', purchaseId).execute();
const eventsOf = async (type: string, purchaseId: number) =>
  (await h.db.selectFrom('events').select('data').where('type', '=', type).execute()).filter(
    (e) => (e.data as { purchase_id?: number }).purchase_id === purchaseId,
  );

describe('offerings', () => {
  it('lets a coach sell their own, each kind with its terms, at the tenant currency', async () => {
    const made = await call(h, w.coach, 'POST', OFFERINGS, {
      kind: 'package',
      title: 'Five sessions',
      description: 'Five one-hour sessions',
      meeting_type_id: w.typeId,
      sessions: 5,
      valid_months: 3,
      price: 50000,
      audience: 'clients',
      // Not a package's: dropped, not stored.
      interval: 'month',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      kind: 'package',
      coach: { id: w.coach.coachId },
      meeting_type: { id: w.typeId, title: 'Session' },
      sessions: 5,
      valid_months: 3,
      interval: null,
      price: 50000,
      currency: 'eur',
      invited: [],
      active: true,
    });

    const bad = await call(h, w.coach, 'POST', OFFERINGS, {
      kind: 'package',
      title: 'No terms',
      price: 0,
      audience: 'group',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error).sort()).toEqual(['group_id', 'price', 'sessions', 'valid_months']);

    const plan = await newOffering(h, w.coach, { kind: 'plan', title: 'Plan', price: 10000, instalments: 3 });
    // 10000 in three: the first carries the rounding (3334 + 3333 + 3333).
    expect(plan.instalment).toBe(3334);
    // Another coach's meeting type is not this coach's to sell.
    const foreign = await call(h, w.other, 'POST', OFFERINGS, {
      kind: 'session',
      title: 'One',
      price: 9000,
      audience: 'clients',
      meeting_type_id: w.typeId,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.meeting_type_id).toBeDefined();
  });

  it("keeps each coach's offerings their own, and the business's an admin's", async () => {
    const mine = await newOffering(h, w.coach, { title: 'Mine' });
    const tenants = await newOffering(
      h,
      w.admin,
      { kind: 'session', title: 'Intro call', price: 5000 },
      'admin',
    );
    const change = {
      kind: 'package',
      title: 'Taken',
      price: 1,
      audience: 'clients',
      sessions: 2,
      valid_months: 1,
    };
    expect((await call(h, w.other, 'PUT', `${OFFERINGS}/${mine.id}`, change)).statusCode).toBe(404);
    expect(
      (await call(h, w.other, 'POST', `${OFFERINGS}/${mine.id}/archive`, { archived: true })).statusCode,
    ).toBe(404);
    expect(
      (await call(h, w.coach, 'PUT', `${OFFERINGS}/${tenants.id}`, { ...change, kind: 'session' }))
        .statusCode,
    ).toBe(403);
    const beta = await signIn(h, { role_id: 1, tenant_id: BETA });
    expect((await call(h, beta, 'PUT', `/api/v1/admin/offerings/${mine.id}`, change)).statusCode).toBe(404);
    const unchanged = await h.db
      .selectFrom('offerings')
      .select(['title', 'active'])
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ title: 'Mine', active: true });

    const otherList = (await call(h, w.other, 'GET', OFFERINGS)).json().data as { id: number }[];
    expect(otherList.map((o) => o.id)).toContain(tenants.id);
    expect(otherList.map((o) => o.id)).not.toContain(mine.id);
    const adminList = (await call(h, w.admin, 'GET', '/api/v1/admin/offerings')).json().data as {
      id: number;
    }[];
    expect(adminList.map((o) => o.id)).toEqual(expect.arrayContaining([mine.id, tenants.id]));

    // A new price: purchases keep theirs, the next buy makes a new Stripe Price.
    const edited = await call(h, w.admin, 'PUT', `/api/v1/admin/offerings/${mine.id}`, {
      ...change,
      title: 'Renamed',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Renamed', price: 1, sessions: 2 });
    const archived = await call(h, w.coach, 'POST', `${OFFERINGS}/${mine.id}/archive`, { archived: true });
    expect(archived.json().data.active).toBe(false);
    expect((await buy(h, w.client, mine.id)).statusCode).toBe(404);
  });

  it('sells an invited offering to the invited only, and invites only the seller’s clients', async () => {
    const invited = await newOffering(h, w.coach, { title: 'By invitation', audience: 'invited' });
    const stranger = await newClient(h, w.other, 'Europe/Amsterdam');
    const refused = await call(h, w.coach, 'PUT', `${OFFERINGS}/${invited.id}/invitations`, {
      client_ids: [w.client.user.id, stranger.user.id],
    });
    expect(refused.statusCode).toBe(422);
    expect((await buy(h, w.client, invited.id)).statusCode).toBe(404);
    const ok = await call(h, w.coach, 'PUT', `${OFFERINGS}/${invited.id}/invitations`, {
      client_ids: [w.client.user.id],
    });
    expect(ok.json().data.invited).toEqual([w.client.user.id]);
    const page = (await call(h, w.client, 'GET', '/api/v1/billing')).json().data;
    expect(page.offerings.map((o: { id: number }) => o.id)).toContain(invited.id);
    // Another coach's client sees none of this coach's offerings.
    const theirs = (await call(h, stranger, 'GET', '/api/v1/billing')).json().data;
    expect(theirs.offerings.map((o: { id: number }) => o.id)).not.toContain(invited.id);
    expect((await buy(h, stranger, invited.id)).statusCode).toBe(404);
  });
});

describe('the groups an admin sells to', () => {
  it('lists every group of the admin’s tenant and no other tenant’s; a coach uses their own list', async () => {
    const ours = await saleGroup(h, ALPHA, { price: 0, group_type: 'free', title: 'Alpha circle' });
    const theirs = await saleGroup(h, BETA, { price: 0, group_type: 'free', title: 'Beta circle' });
    const answer = await call(h, w.admin, 'GET', '/api/v1/admin/groups');
    expect(answer.statusCode, answer.body).toBe(200);
    const ids = answer.json().data.map((g: { id: number }) => g.id);
    expect(ids).toContain(ours);
    expect(ids).not.toContain(theirs);
    expect(answer.json().data.find((g: { id: number }) => g.id === ours)).toEqual({
      id: ours,
      title: 'Alpha circle',
    });
    expect((await call(h, w.coach, 'GET', '/api/v1/admin/groups')).statusCode).toBe(403);
  });
});

describe('buying a package', () => {
  it('makes one purchase and one PaymentIntent of ten buys at once, at the server’s price', async () => {
    const offering = await newOffering(h, w.coach, {
      title: 'Ten at once',
      meeting_type_id: w.typeId,
      price: 45000,
    });
    const intentsBefore = stand.intents.size;
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(h, w.client, offering.id)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const purchases = new Set(answers.map((res) => res.json().data.purchase.id));
    const intents = new Set(answers.map((res) => res.json().data.payment.intent_id));
    expect(purchases.size).toBe(1);
    expect(intents.size).toBe(1);
    expect(stand.intents.size).toBe(intentsBefore + 1);
    const rows = await h.db
      .selectFrom('purchases')
      .selectAll()
      .where('client_id', '=', w.client.user.id)
      .where('offering_id', '=', offering.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', amount: 45000, currency: 'eur', method: 'stripe' });
    const intent = stand.intents.get([...intents][0]!)!;
    expect(intent).toMatchObject({ amount: 45000, currency: 'eur' });
    expect(intent.metadata.purchase_id).toBe(String(rows[0]!.id));
    // The same key again: the same answer; the key of one purchase buys nothing else.
    const keyed = await newOffering(h, w.coach, { title: 'Keyed' });
    const key = `same-${Date.now()}`;
    const first = await buy(h, w.client, keyed.id, key);
    const again = await buy(h, w.client, keyed.id, key);
    expect(again.json().data).toEqual(first.json().data);
    const other = await newOffering(h, w.coach, { title: 'Another' });
    expect((await buy(h, w.client, other.id, key)).statusCode).toBe(409);
  });

  it('answers 502 while Stripe fails, and the retry of the same key buys the same purchase', async () => {
    const offering = await newOffering(h, w.coach, { title: 'Outage', price: 7000 });
    const key = `outage-${Date.now()}`;
    stand.failNext = 3;
    const failed = await buy(h, w.client, offering.id, key);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(
      'The payment provider could not be reached. Please try again in a minute.',
    );
    const retried = await buy(h, w.client, offering.id, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().data.payment.client_secret).toMatch(/^pi_/);
    const rows = await h.db
      .selectFrom('purchases')
      .select(['id', 'stripe_payment_intent'])
      .where('offering_id', '=', offering.id)
      .execute();
    expect(rows).toEqual([
      { id: retried.json().data.purchase.id, stripe_payment_intent: retried.json().data.payment.intent_id },
    ]);
  });

  it('is paid by a signed webhook once: payment, invoice, credits and events; a replay changes nothing', async () => {
    const offering = await newOffering(h, w.coach, {
      title: 'Replayed',
      meeting_type_id: w.typeId,
      sessions: 4,
      price: 12100,
    });
    const started = (await buy(h, w.client, offering.id)).json().data;
    const purchaseId = started.purchase.id as number;
    const intent = stand.intents.get(started.payment.intent_id)!;

    // Unsigned or wrongly signed: refused, nothing paid.
    const forged = await h.app.inject({
      method: 'POST',
      url: '/integrations/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: JSON.stringify(stand.succeededEvent(intent)),
    });
    expect(forged.statusCode).toBe(400);
    // The settled amount must be the purchase's.
    expect((await stand.emit(stand.succeededEvent(intent, { amount_received: 1 }))).statusCode).toBe(200);
    expect(await paymentsOf(purchaseId)).toHaveLength(0);

    const event = stand.succeededEvent(intent);
    const delivered = await Promise.all([stand.emit(event), stand.emit(event)]);
    for (const res of delivered) expect(res.statusCode).toBe(200);
    await stand.emit(event);
    // Stripe may tell a success twice under two event ids: still one payment.
    await stand.emit(stand.succeededEvent(intent));

    const payments = await paymentsOf(purchaseId);
    expect(payments).toHaveLength(1);
    // 121.00 with 21 % BTW inside: 21.00 of it is tax.
    expect(payments[0]).toMatchObject({
      amount: 12100,
      tax_amount: 2100,
      method: 'stripe',
      stripe_ref: intent.id,
    });
    const grants = await grantsOf(purchaseId);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ quantity: 4, source: 'purchase', meeting_type_id: w.typeId });
    // A package's credits expire its valid months after the purchase.
    const expires = new Date(h.clock.now());
    expires.setUTCMonth(expires.getUTCMonth() + 6);
    expect(new Date(grants[0]!.expires_at!).toISOString().slice(0, 10)).toBe(
      expires.toISOString().slice(0, 10),
    );
    const invoice = await h.db
      .selectFrom('invoices')
      .selectAll()
      .where('payment_id', '=', payments[0]!.id)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({
      kind: 'invoice',
      client_id: w.client.user.id,
      subtotal: 10000,
      tax: 2100,
      total: 12100,
      currency: 'eur',
      tax_label: 'BTW',
      tax_rate_bp: 2100,
    });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.seller).toMatchObject({ name: 'Alpha Coaching B.V.' });
    expect(await eventsOf('payment.succeeded', purchaseId)).toHaveLength(1);
    expect(await eventsOf('credit.changed', purchaseId)).toEqual([
      { data: expect.objectContaining({ change: 4, reason: 'purchase', client_id: w.client.user.id }) },
    ]);

    const page = (await call(h, w.client, 'GET', '/api/v1/billing')).json().data;
    expect(page).toMatchObject({ currency: 'eur', cards: true });
    expect(page.purchases.find((p: { id: number }) => p.id === purchaseId)).toMatchObject({
      status: 'active',
      amount: 12100,
      subscription: null,
    });
    expect(page.invoices.map((i: { id: number }) => i.id)).toContain(invoice.id);
    expect(
      page.credits.grants.find((g: { purchase_id: number }) => g.purchase_id === purchaseId),
    ).toMatchObject({
      quantity: 4,
      used: 0,
    });
    expect(
      (await call(h, w.client, 'GET', `/api/v1/billing/purchases/${purchaseId}`)).json().data.status,
    ).toBe('active');
    const stranger = await newClient(h, w.coach, 'Europe/Amsterdam');
    expect((await call(h, stranger, 'GET', `/api/v1/billing/purchases/${purchaseId}`)).statusCode).toBe(404);
  });

  it('numbers twenty payments across two app instances 1, 2, 3 … without a gap', async () => {
    const buyer = await newClient(h, w.coach, 'Europe/Amsterdam');
    const intents = [];
    for (let i = 0; i < 20; i++) {
      const offering = await newOffering(h, w.coach, {
        kind: 'session',
        title: `Session ${i}`,
        price: 1000 + i,
      });
      intents.push(stand.intents.get((await buy(h, buyer, offering.id)).json().data.payment.intent_id)!);
    }
    // Half of the events reach one instance and half the other, all at once.
    const apps = [h.app, second];
    const answers = await Promise.all(
      intents.map((intent, i) => {
        wireWebhook(h, stand, () => apps[i % 2]!);
        return stand.emit(stand.succeededEvent(intent));
      }),
    );
    wireWebhook(h, stand);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const invoices = await h.db
      .selectFrom('invoices')
      .select(['seq', 'number'])
      .where('tenant_id', '=', ALPHA)
      .orderBy('seq')
      .execute();
    expect(invoices.length).toBeGreaterThanOrEqual(20);
    expect(invoices.map((i) => i.seq)).toEqual(invoices.map((_, i) => i + 1));
    expect(invoices.at(-1)!.number).toBe(`INV-${String(invoices.length).padStart(6, '0')}`);
  });
});

describe('without Stripe keys', () => {
  it('leaves the purchase pending with no payment, until an admin records it offline', async () => {
    const offline = await h.build();
    try {
      const offering = await newOffering(h, w.coach, {
        title: 'Cash',
        meeting_type_id: w.typeId,
        price: 30000,
        sessions: 3,
      });
      const res = await buy(h, w.client, offering.id, undefined, offline);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        payment: null,
        purchase: { status: 'pending', method: 'offline' },
      });
      const page = await offline.inject({
        method: 'GET',
        url: '/api/v1/billing',
        headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${w.client.token}` },
      });
      expect(page.json().data).toMatchObject({
        cards: false,
        offline_instructions: 'Transfer to NL91 ABNA 0417 1643 00 (Alpha Coaching B.V.).',
      });

      const record = (body: object, who = w.admin) =>
        call(h, who, 'POST', '/api/v1/admin/payments/offline', body, offline);
      expect(
        (
          await record(
            { client_id: w.client.user.id, offering_id: offering.id, paid_on: '2026-01-05' },
            w.coach,
          )
        ).statusCode,
      ).toBe(403);
      const beta = await signIn(h, { tenant_id: BETA });
      expect(
        (await record({ client_id: beta.user.id, offering_id: offering.id, paid_on: '2026-01-05' }))
          .statusCode,
      ).toBe(422);
      const day = h.clock.now().toISOString().slice(0, 10);
      const recorded = await record({
        client_id: w.client.user.id,
        offering_id: offering.id,
        paid_on: day,
        note: 'Bank transfer',
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
      expect(recorded.json().data).toMatchObject({
        client: { id: w.client.user.id },
        coach: { id: w.coach.coachId },
        offering: { id: offering.id },
        purchase_id: res.json().data.purchase.id,
        amount: 30000,
        tax_amount: 5207,
        method: 'offline',
        note: 'Bank transfer',
        invoice: { number: expect.stringMatching(/^INV-/) },
      });
      const purchase = (
        await call(h, w.client, 'GET', `/api/v1/billing/purchases/${res.json().data.purchase.id}`)
      ).json().data;
      expect(purchase.status).toBe('active');
      expect(await grantsOf(purchase.id)).toEqual([
        expect.objectContaining({ quantity: 3, source: 'purchase' }),
      ]);
    } finally {
      await offline.close();
    }
  });
});
