/**
 * Buying a package by card in Chromium against the real API (PGlite, seeded), in acme (a test publishable key),
 * the API's Stripe SDK pointed at the local stand-in of Stripe's API (api/test/helpers/stripe-stand-in.ts), as
 * e2e/flash-pay.test.ts drives it for a group's place.
 *
 * What the browser can and cannot reach: there is no internet here, so the real Stripe.js (js.stripe.com) never
 * loads: the first test shows the page asking for it under its CSP and saying the card form could not load. The
 * second serves e2e/fixtures/stripe-js-stand-in.js in its place: a placeholder where Stripe's card field would be
 * and a confirmPayment() that answers succeeded. So what is proven is our side: the PaymentIntent is made by the
 * API from the offering's price through the real SDK, Stripe.js is handed that intent's client secret, and the
 * purchase becomes active only when the test delivers Stripe's signed payment_intent.succeeded webhook (the
 * stand-in does not call the API itself), after which the page, polling, shows the package, its credits and its
 * invoice. Not proven here: Stripe's own card form, 3-D Secure, or Stripe sending the webhook.
 */
import { readFile } from 'node:fs/promises';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../contracts/billing';
import type { BillingPage, Offering } from '../contracts/rest/billing';
import { StripeStandIn } from '../api/test/helpers/stripe-stand-in';
import { callApiFrom, expectNoSeriousViolations, useAppStack, useSignedInPage } from './app-support';

const WEBHOOK_SECRET = 'whsec_portal_e2e_billing';
const stripeApi = await new StripeStandIn().start();
const app = useAppStack(['acme'], () => ({
  STRIPE_SECRET_KEY: 'sk_test_portal_e2e',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: stripeApi.url,
}));
const unreachable = useSignedInPage(app, 'acme', 'client@acme.test', 'billing-card-no-stripe-js');
const client = useSignedInPage(app, 'acme', 'client@acme.test', 'billing-card');

afterAll(() => stripeApi.stop());

async function openBilling(page: typeof client.page, origin: string) {
  await page.goto(`${origin}/billing`);
  await page.getByRole('heading', { level: 1, name: 'Plans and billing' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'My invoices' }).waitFor();
  return (await callApiFrom<BillingPage>(page, 'GET', '/api/v1/billing')).body.data;
}

const smallest = (billing: BillingPage): Offering =>
  billing.offerings.filter((o) => o.kind === 'package').sort((a, b) => a.price - b.price)[0]!;

describe('a package by card (acme)', () => {
  it('asks js.stripe.com for Stripe.js, which cannot be reached here, and says the card form could not load', async () => {
    const page = unreachable.page;
    const asked = page.waitForRequest((r) => r.url().startsWith('https://js.stripe.com/'));
    const billing = await openBilling(page, unreachable.origin);
    expect(billing.cards).toBe(true);
    const offering = smallest(billing);
    await page.getByRole('button', { name: `Buy ${offering.title}` }).click();
    expect((await asked).url()).toMatch(/^https:\/\/js\.stripe\.com\//);
    const pay = page.getByRole('region', { name: `Pay for ${offering.title}` });
    await pay.getByText('The secure card form could not be loaded.', { exact: false }).waitFor();
    await unreachable.shot('unreachable');
  });

  it('with Stripe.js stood in for, pays the server’s price; the signed webhook makes the package active', async () => {
    const page = client.page;
    const standIn = await readFile(new URL('./fixtures/stripe-js-stand-in.js', import.meta.url), 'utf8');
    await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: standIn }),
    );
    const billing = await openBilling(page, client.origin);
    const offering = smallest(billing);
    await page.getByRole('button', { name: `Buy ${offering.title}` }).click();
    const pay = page.getByRole('region', { name: `Pay for ${offering.title}` });
    await pay.getByText('Card field (Stripe.js stand-in)').waitFor();
    await expectNoSeriousViolations(page, 'the card form');
    const intents = stripeApi.intents.size;
    await pay
      .getByRole('button', { name: `Pay ${formatMoney(offering.price, offering.currency, 'en-US')}` })
      .click();
    await page.getByText('Payment accepted. Confirming…').waitFor();

    // The API made one intent, at the offering's price in the tenant's currency; Stripe.js confirmed it.
    expect(stripeApi.intents.size).toBe(intents + 1);
    const intent = [...stripeApi.intents.values()].at(-1)!;
    expect([intent.amount, intent.currency]).toEqual([offering.price, offering.currency]);
    const confirmed = await page.evaluate(
      () => (window as unknown as { __stripeStandIn: { confirmed: string[] } }).__stripeStandIn.confirmed,
    );
    expect(confirmed).toEqual([intent.client_secret]);
    // Until Stripe says so, the purchase waits.
    const waiting = (await callApiFrom<BillingPage>(page, 'GET', '/api/v1/billing')).body.data;
    expect(
      waiting.purchases.find((p) => p.offering.id === offering.id && p.status === 'pending'),
    ).toBeTruthy();

    // Stripe's webhook, signed with the SDK's test-header helper, is what makes the purchase active.
    const event = JSON.stringify(stripeApi.succeededEvent(intent));
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
      payload: event,
      secret: WEBHOOK_SECRET,
    });
    const delivered = await fetch(`${app.stack.apiUrl.replace(/\/$/, '')}/integrations/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: event,
    });
    expect(delivered.status).toBe(200);

    // The page asks again every 2 s while the purchase is pending: it shows it active, its credits and invoice.
    const purchases = page.getByRole('list', { name: 'Your purchases' });
    await purchases
      .getByRole('listitem')
      .filter({ hasText: offering.title })
      .filter({ hasText: 'Active' })
      .waitFor();
    await page.getByText('Paid. It is in your purchases below.').waitFor();
    const credits = page.getByRole('region', { name: 'My session credits' });
    await credits
      .getByText(`${billing.credits.available + offering.sessions!} session credits left`)
      .waitFor();
    const after = (await callApiFrom<BillingPage>(page, 'GET', '/api/v1/billing')).body.data;
    expect(after.invoices).toHaveLength(billing.invoices.length + 1);
    const invoice = after.invoices.find((i) => !billing.invoices.some((b) => b.id === i.id))!;
    expect([invoice.kind, invoice.total]).toEqual(['invoice', offering.price]);
    await page
      .getByRole('region', { name: 'My invoices' })
      .getByRole('button', { name: `Download ${invoice.number} (PDF)` })
      .waitFor();
    await client.shot('paid');
    await expectNoSeriousViolations(page, 'paid by card');
  });
});
