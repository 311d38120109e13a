// Paid groups against the real `stripe` SDK, pointed at a local stand-in of the Stripe API (its host / port /
// protocol options): the amount is always the group's price whatever the client sends; a retried create-intent
// with the same Idempotency-Key answers the same PaymentIntent; only a webhook signed with the secret (the SDK's
// own test-header helper), at most 300 s old by the API's clock, marks the member paid, once per event id;
// studentpaid only reads; studentemail mails the receipt once.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleGroup } from './helpers/groups.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { post } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { purgeExpired } from '../src/services/housekeeping/purge-expired.js';
import { mailsTo } from './helpers/mail.js';
import { startSmtp } from './helpers/smtp.js';
import type { Received } from './helpers/smtp.js';
import { StripeStandIn } from './helpers/stripe-stand-in.js';
import type { StandInIntent } from './helpers/stripe-stand-in.js';
import { signIn } from './helpers/sign-in.js';

const CREATE = '/integrations/stripe/create-intent';
const WEBHOOK = '/integrations/stripe/webhook';
const PAID = '/api/v1/users/studentpaid/';
const EMAIL = '/api/v1/users/studentemail/';
const WEBHOOK_SECRET = 'whsec_portal_test_secret';

const stand = new StripeStandIn();
const h = new Harness();
// The SDK's helpers for signing test webhooks; no request leaves the machine.
const sdk = new Stripe('sk_test_signing_only');
let me: Person;
let other: Person;
let beta: Person;
let paidGroup: number;
let secondPaidGroup: number;
let freeGroup: number;
let betaGroup: number;

const group = (tenant: number, fields: { price: number; group_type: string; title: string }) =>
  saleGroup(h, tenant, fields);

beforeAll(async () => {
  await stand.start();
  await h.start({
    stripe: { secretKey: 'sk_test_portal', webhookSecret: WEBHOOK_SECRET, apiUrl: stand.url },
  });
  me = await signIn(h);
  other = await signIn(h);
  beta = await signIn(h, { tenant_id: BETA });
  await h.setFlags(beta.user.id, { group_coaching: true });
  paidGroup = await group(ALPHA, { price: 4900, group_type: 'paid', title: 'Profit Mastermind' });
  secondPaidGroup = await group(ALPHA, { price: 12_500, group_type: 'paid', title: 'Leaders Circle' });
  freeGroup = await group(ALPHA, { price: 0, group_type: 'free', title: 'Open Office Hours' });
  betaGroup = await group(BETA, { price: 900, group_type: 'paid', title: 'Beta Group' });
});
afterAll(async () => {
  await h.stop();
  await stand.stop();
});

let keys = 0;
const newKey = () => `attempt-${Date.now()}-${++keys}`;
const createIntent = (c: Person, body: unknown, key: string | null = newKey()) =>
  h.call('POST', CREATE, {
    tenant: c.user.tenantId,
    token: c.token,
    body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });

/** Signs `event` as Stripe would, `ageSeconds` before the API's clock, with the SDK's test-header helper. */
function deliver(
  event: object,
  { ageSeconds = 0, secret = WEBHOOK_SECRET, body = JSON.stringify(event) } = {},
) {
  const timestamp = Math.floor(h.clock.now().getTime() / 1000) - ageSeconds;
  const signature = sdk.webhooks.generateTestHeaderString({
    payload: JSON.stringify(event),
    secret,
    timestamp,
  });
  return h.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: body,
  });
}

const membership = (c: Person, groupId: number) =>
  h.db
    .selectFrom('user_groups')
    .select(['paid', 'status'])
    .where('user_id', '=', c.user.id)
    .where('group_id', '=', groupId)
    .executeTakeFirst();

const intentOf = (id: string): StandInIntent => stand.intents.get(id)!;

describe('POST /integrations/stripe/create-intent', () => {
  it("charges the group's price from the database, whatever the client sends", async () => {
    const refused = await createIntent(me, { group_id: paidGroup, amount: 1, currency: 'jpy' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ amount: expect.any(Array), currency: expect.any(Array) });

    const before = stand.requests.length;
    const res = await createIntent(me, { group_id: paidGroup });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ group_id: paidGroup, amount: 4900, currency: 'usd' });
    expect(data.client_secret).toMatch(/^pi_[a-z0-9]+_secret_/);
    const sent = stand.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toMatchObject({
      amount: '4900',
      currency: 'usd',
      metadata: { tenant_id: String(ALPHA), user_id: String(me.user.id), group_id: String(paidGroup) },
    });
    expect(sent[0]!.authorization).toBe('Bearer sk_test_portal');
    const row = await h.db
      .selectFrom('group_payments')
      .selectAll()
      .where('intent_id', '=', data.payment_intent_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: me.user.id, amount: 4900, currency: 'usd', status: 'pending' });
  });

  it('answers a retry with the same Idempotency-Key with the same PaymentIntent, even two at once', async () => {
    const key = newKey();
    const createdBefore = stand.intents.size;
    const [a, b] = await Promise.all([
      createIntent(other, { group_id: paidGroup }, key),
      createIntent(other, { group_id: paidGroup }, key),
    ]);
    const c = await createIntent(other, { group_id: paidGroup }, key);
    for (const res of [a, b, c]) expect(res.statusCode, res.body).toBe(200);
    const ids = [a, b, c].map((res) => res.json().data.payment_intent_id);
    expect(new Set(ids).size).toBe(1);
    expect(c.json().data.client_secret).toBe(a.json().data.client_secret);
    expect(stand.intents.size).toBe(createdBefore + 1);
    const rows = await h.db
      .selectFrom('group_payments')
      .select('id')
      .where('user_id', '=', other.user.id)
      .where('idempotency_key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);
    // The key is the client's, scoped to the caller: Stripe receives it under the tenant and user.
    expect(
      stand.requests.find((r) => r.method === 'POST' && r.idempotencyKey?.endsWith(key))?.idempotencyKey,
    ).toBe(`group-payment:${ALPHA}:${other.user.id}:${key}`);

    const reused = await createIntent(other, { group_id: secondPaidGroup }, key);
    expect(reused.statusCode).toBe(409);
  });

  it('needs an Idempotency-Key, the group_coaching flag, a paid group of the caller’s tenant, and a configured provider', async () => {
    expect((await createIntent(me, { group_id: paidGroup }, null)).statusCode).toBe(422);
    expect((await createIntent(me, { group_id: paidGroup }, 'bad key!')).statusCode).toBe(422);
    const free = await createIntent(me, { group_id: freeGroup });
    expect(free.statusCode).toBe(422);
    expect(free.json().error.group_id).toEqual(['This group is free: it needs no payment.']);
    expect((await createIntent(me, { group_id: betaGroup })).statusCode).toBe(404);
    expect((await createIntent(beta, { group_id: paidGroup })).statusCode).toBe(404);
    expect((await createIntent(me, { group_id: 999_999 })).statusCode).toBe(404);
    const flagless = await signIn(h, { flags: { group_coaching: false } });
    const refused = await createIntent(flagless, { group_id: paidGroup });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Group coaching is not part of your plan.' });
    expect((await post(h, flagless, PAID, { group_id: paidGroup })).statusCode).toBe(403);
    expect(
      (
        await h.call('POST', CREATE, {
          body: { group_id: paidGroup },
          headers: { 'idempotency-key': newKey() },
        })
      ).statusCode,
    ).toBe(401);

    const unconfigured = await h.build();
    try {
      const res = await unconfigured.inject({
        method: 'POST',
        url: CREATE,
        headers: {
          'x-tenant-id': String(ALPHA),
          authorization: `Bearer ${me.token}`,
          'idempotency-key': newKey(),
        },
        payload: { group_id: paidGroup },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Payments are not configured for this portal.');
    } finally {
      await unconfigured.close();
    }
  });

  it('answers 502 and stores nothing while the provider fails (after the SDK’s retries)', async () => {
    const key = newKey();
    stand.failNext = 3;
    const res = await createIntent(me, { group_id: secondPaidGroup }, key);
    stand.failNext = 0;
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain('Stand-in');
    const rows = await h.db
      .selectFrom('group_payments')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
    expect(rows).toEqual([]);
    // The same key works once the provider is back.
    expect((await createIntent(me, { group_id: secondPaidGroup }, key)).statusCode).toBe(200);
  });
});

describe('the webhook and studentpaid', () => {
  let intent: StandInIntent;
  beforeAll(async () => {
    const res = await createIntent(me, { group_id: paidGroup });
    intent = intentOf(res.json().data.payment_intent_id);
  });

  it('studentpaid only reads: a client cannot mark itself paid', async () => {
    const res = await post(h, me, PAID, { group_id: paidGroup });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      group_id: paidGroup,
      title: 'Profit Mastermind',
      amount: 4900,
      currency: 'usd',
      paid: false,
      status: 'pending',
      paid_at: null,
    });
    expect((await post(h, me, PAID, { group_id: paidGroup, paid: true })).statusCode).toBe(422);
    expect((await post(h, me, PAID, { group_id: betaGroup })).statusCode).toBe(404);
    expect((await post(h, me, PAID, { group_id: paidGroup })).json().data.paid).toBe(false);
    expect(await membership(me, paidGroup)).toBeUndefined();
  });

  it('refuses a wrong secret, a changed body, and a signature older than 300 s, changing nothing', async () => {
    const event = stand.succeededEvent(intent);
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ message: 'The webhook signature could not be verified.' });
    const tampered = { ...event, data: { object: { ...event.data.object, amount_received: 1 } } };
    expect((await deliver(event, { body: JSON.stringify(tampered) })).statusCode).toBe(400);
    expect((await deliver(event, { ageSeconds: 301 })).statusCode).toBe(400);
    const unsigned = await h.app.inject({ method: 'POST', url: WEBHOOK, payload: event });
    expect(unsigned.statusCode).toBe(422);
    expect(await membership(me, paidGroup)).toBeUndefined();
    const stored = await h.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).execute();
    expect(stored).toEqual([]);
  });

  it('marks the member paid on a verified event within the tolerance, and processes each event id once', async () => {
    const event = stand.succeededEvent(intent);
    const res = await deliver(event, { ageSeconds: 299 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await membership(me, paidGroup)).toEqual({ paid: true, status: 'active' });
    const paid = (await post(h, me, PAID, { group_id: paidGroup })).json().data;
    expect(paid).toMatchObject({ paid: true, status: 'succeeded', paid_at: h.clock.now().toISOString() });

    // A coach takes the membership back; a replay of the same event (signed again, as a redelivery is) is
    // acknowledged and changes nothing.
    await h.db.updateTable('user_groups').set({ paid: false }).where('user_id', '=', me.user.id).execute();
    const replays = await Promise.all([deliver(event), deliver(event)]);
    for (const replay of replays) expect(replay.statusCode).toBe(200);
    expect(await membership(me, paidGroup)).toEqual({ paid: false, status: 'active' });
    const stored = await h.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).execute();
    expect(stored).toHaveLength(1);
    await h.db.updateTable('user_groups').set({ paid: true }).where('user_id', '=', me.user.id).execute();

    // Paid now: a new attempt is refused.
    expect((await createIntent(me, { group_id: paidGroup })).statusCode).toBe(409);
  });

  it("reports the verified payment to the tenant's systems once (payment.succeeded), replays included", async () => {
    const payment = await h.db
      .selectFrom('group_payments')
      .selectAll()
      .where('intent_id', '=', intent.id)
      .executeTakeFirstOrThrow();
    const events = await h.db
      .selectFrom('events')
      .select(['tenant_id', 'data'])
      .where('type', '=', 'payment.succeeded')
      .execute();
    expect(events).toEqual([
      {
        tenant_id: ALPHA,
        data: {
          payment_id: payment.id,
          user_id: me.user.id,
          group_id: paidGroup,
          purchase_id: null,
          offering_id: null,
          amount: 4900,
          currency: payment.currency,
          method: 'stripe',
          stripe_payment_intent: intent.id,
          paid_at: h.clock.now().toISOString(),
        },
      },
    ]);
    // Another success for the same intent under a new event id (Stripe may send one) is not a new payment.
    expect((await deliver(stand.succeededEvent(intent))).statusCode).toBe(200);
    expect(
      await h.db.selectFrom('events').select('id').where('type', '=', 'payment.succeeded').execute(),
    ).toHaveLength(1);
  });

  it('grants nothing for a settled amount other than the one asked for, or an intent it never made', async () => {
    const res = await createIntent(other, { group_id: secondPaidGroup });
    const otherIntent = intentOf(res.json().data.payment_intent_id);
    const short = await deliver(stand.succeededEvent(otherIntent, { amount_received: 100 }));
    expect(short.statusCode).toBe(200);
    const unknown = await deliver(stand.succeededEvent({ ...otherIntent, id: 'pi_notours' }));
    expect(unknown.statusCode).toBe(200);
    expect(await membership(other, secondPaidGroup)).toBeUndefined();
    expect((await post(h, other, PAID, { group_id: secondPaidGroup })).json().data.paid).toBe(false);
  });
});

describe('POST /api/v1/users/studentemail/', () => {
  it('mails the receipt of a paid group once, and refuses an unpaid one', async () => {
    const unpaid = await post(h, other, EMAIL, { group_id: secondPaidGroup });
    expect(unpaid.statusCode).toBe(409);
    const first = await post(h, me, EMAIL, { group_id: paidGroup });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ group_id: paidGroup, mailed: true });
    const second = await post(h, me, EMAIL, { group_id: paidGroup });
    expect(second.json().data).toEqual({ ...first.json().data, mailed: false });
    const receipts = (await mailsTo(h.mailDir, me.user.email)).filter((m) =>
      m.subject.startsWith('Your payment'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your payment for Profit Mastermind');
    expect(receipts[0]!.text).toContain('Amount: $49.00');
  });
});

describe('a receipt while the mail server is down', () => {
  it('answers mailed, waits in the outbox, and arrives once the server is back, once', async () => {
    const inbox: Received[] = [];
    let smtp = await startSmtp(inbox);
    const port = smtp.port;
    await smtp.close();
    // An app of its own that mails over SMTP (the file's app writes .eml files) and runs the queue's jobs,
    // a failed mail tried again 50 ms on, then 100 ms …
    const app = await h.build({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: h.mailDir, retryDelayMs: 50 },
      jobs: { pollingSeconds: 0.5 },
    });
    try {
      const buyer = await signIn(h);
      const at = h.clock.now();
      await h.db
        .insertInto('group_payments')
        .values({
          tenant_id: ALPHA,
          user_id: buyer.user.id,
          group_id: secondPaidGroup,
          idempotency_key: newKey(),
          intent_id: 'pi_outage_receipt',
          amount: 12_500,
          currency: 'usd',
          status: 'succeeded',
          created_at: at,
          updated_at: at,
          paid_at: at,
        })
        .execute();
      const res = await app.inject({
        method: 'POST',
        url: EMAIL,
        headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${buyer.token}` },
        payload: { group_id: secondPaidGroup },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ mailed: true });
      const queued = () =>
        h.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', buyer.user.email).execute();
      expect(await queued()).toEqual([{ subject: 'Your payment for Leaders Circle' }]);

      smtp = await startSmtp(inbox, port);
      const deadline = Date.now() + 15_000;
      while ((await queued()).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      const receipts = inbox.filter((m) => m.to.includes(buyer.user.email));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.raw).toContain('Amount: $125.00');
      expect(receipts[0]!.raw).toContain('Reference: pi_outage_receipt');
      expect(await queued()).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  }, 30_000);
});

describe('housekeeping', () => {
  it('keeps processed event ids for 30 days (Stripe redelivers for up to 3), then the purge drops them', async () => {
    const events = () => h.db.selectFrom('stripe_events').select('id').execute();
    const stored = (await events()).length;
    expect(stored).toBeGreaterThan(0);
    const day = 24 * 60 * 60_000;
    await purgeExpired(h.db, new Date(h.clock.now().getTime() + 29 * day));
    expect(await events()).toHaveLength(stored);
    await purgeExpired(h.db, new Date(h.clock.now().getTime() + 31 * day));
    expect(await events()).toEqual([]);
  });
});
