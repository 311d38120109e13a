/**
 * Flash coaching and paying for a group in Chromium against the real API (PGlite, seeded; the API's Stripe SDK
 * pointed at a local stand-in of Stripe's API), on demo (no Stripe key) and acme (a test publishable key): a
 * client without flags reaches none of /groups, /lessons, /business-academy or the payment page by URL (each
 * says why) and the API refuses their calls; the demo client's open lesson saves its progress through the 5 s
 * batch and its locked one stays closed; without a payment key the paid group's page says how to join through
 * the coach and offers no payment; with one, the page asks js.stripe.com for Stripe.js under a CSP that allows
 * it (unreachable here: no internet) and says the form could not load; with Stripe.js stood in for
 * (e2e/fixtures), the client pays the server's price, the signed webhook marks them paid, and the receipt is
 * mailed. axe on every new page.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeStandIn } from '../api/test/helpers/stripe-stand-in';
import { BOOT_SCRIPT_HASH } from '../cli/src/lib/bake/prerender';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  fromMail,
  newContext,
  SHOTS,
  signIn,
  useAppStack,
} from './app-support';

const WEBHOOK_SECRET = 'whsec_portal_e2e';
// The API talks to a local stand-in of Stripe's API through the real SDK (STRIPE_API_URL).
const stripeApi = await new StripeStandIn().start();
const app = useAppStack(['demo', 'acme'], () => ({
  STRIPE_SECRET_KEY: 'sk_test_portal_e2e',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: stripeApi.url,
}));
const contexts: BrowserContext[] = [];

async function signedIn(tenant: string, email: string): Promise<Page> {
  const context = await newContext();
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, app.stack.urls[tenant]!, email);
  return page;
}

afterAll(async () => {
  for (const context of contexts) await context.close();
  await stripeApi.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/flash-pay-${name}.png`, fullPage: true });

/** An API call with the page's own session, as the app makes it. */
async function apiCall(page: Page, method: 'GET' | 'POST', url: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const tenantId = await page.evaluate(
    () =>
      (JSON.parse(document.getElementById('portal-config')!.textContent!) as { tenantId: number }).tenantId,
  );
  const response = await fetch(`${app.stack.apiUrl.replace(/\/$/, '')}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-tenant-id': String(tenantId),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const cspOf = (page: Page) =>
  page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');

describe('a client without training flags (basic@demo.test)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('demo', 'basic@demo.test');
  });

  it('reaches none of the flagged pages by URL: each says why, with a link home', async () => {
    const origin = app.stack.urls.demo!;
    for (const [url, training] of [
      ['/groups', 'Group coaching'],
      ['/groups/1/1', 'Group coaching'],
      ['/lessons', 'Flash coaching'],
      ['/lessons/1/1', 'Flash coaching'],
      ['/business-academy', 'The Business Academy'],
      ['/groups/1/purchase', 'Group coaching'],
    ] as const) {
      await page.goto(`${origin}${url}`);
      await page.getByRole('heading', { level: 1, name: `${training} isn't part of your plan` }).waitFor();
      expect(new URL(page.url()).pathname, url).toBe(url);
    }
    await expectNoSeriousViolations(page, 'not in the plan');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Schedule' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const item of ['My Groups', 'My Lessons', 'Business Academy'])
      expect(await menu.getByRole('link', { name: item }).count(), item).toBe(0);
  });

  it('is refused by the API: flash coaching, group recordings, training analytics and payments', async () => {
    const me = (await apiCall(page, 'GET', '/api/v1/me')).body.data as { id: number };
    const lessons = await apiCall(page, 'GET', '/api/v1/flashcoaching/lessons');
    expect(lessons).toEqual({ status: 403, body: { message: 'Flash coaching is not part of your plan.' } });
    // An academy lesson's analytics change (user_group_id null) needs business_academy.
    const change = {
      id: 'c1',
      lesson_id: 1,
      user_group_id: null,
      field: 'notes',
      value: 'x',
      at: Date.now(),
    };
    const calls: [string, unknown][] = [
      ['/api/v1/flashcoaching', { user_id: me.id, data: [] }],
      ['/api/v1/training-analytics/', { user_id: me.id, data: [change] }],
      ['/api/v1/lessons/recording/', { user_group_id: 1 }],
      ['/api/v1/users/studentpaid/', { group_id: 1 }],
    ];
    for (const [url, body] of calls) expect((await apiCall(page, 'POST', url, body)).status, url).toBe(403);
  });
});

describe('flash coaching (client@demo.test)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('demo', 'client@demo.test');
  });

  it('lists an open and a locked lesson; the locked one does not open by URL', async () => {
    await page.goto(`${app.stack.urls.demo}/lessons`);
    await page.getByRole('link', { name: 'Pricing for Profit' }).waitFor();
    const locked = page.locator('.flash-lesson-locked');
    await locked.getByText('A 13-Week Cash Flow Forecast').waitFor();
    expect(await locked.getByText('Locked').count()).toBe(1);
    expect(await page.getByRole('link', { name: /Cash Flow Forecast/ }).count()).toBe(0);
    await shot(page, 'lessons');
    await expectNoSeriousViolations(page, 'lessons');

    const list = (await apiCall(page, 'GET', '/api/v1/flashcoaching/lessons')).body.data as {
      assessment_id: number;
      access: number;
      lesson: { id: number };
    }[];
    const closed = list.find((l) => l.access === 0)!;
    await page.goto(`${app.stack.urls.demo}/lessons/${closed.assessment_id}/${closed.lesson.id}`);
    await page.getByText('This lesson is not open to you yet.').waitFor();
    await expectNoSeriousViolations(page, 'locked lesson');
  });

  it('saves the lesson progress through the 5 s batch, and finds it after a reload', async () => {
    await page.goto(`${app.stack.urls.demo}/lessons`);
    await page.getByRole('link', { name: 'Pricing for Profit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pricing for Profit' }).waitFor();
    await expectNoSeriousViolations(page, 'lesson');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/flashcoaching') && r.request().method() === 'POST',
    );
    await page.getByRole('checkbox', { name: 'I took the quiz' }).check();
    await page.getByLabel('Notes').fill('Raise the call-out fee by 10% in January.');
    const response = await sent;
    expect(response.status()).toBe(200);
    await page.getByText('All changes saved.').waitFor();
    await shot(page, 'lesson');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Pricing for Profit' }).waitFor();
    expect(await page.getByLabel('Notes').inputValue()).toBe('Raise the call-out fee by 10% in January.');
    expect(await page.getByRole('checkbox', { name: 'I took the quiz' }).isChecked()).toBe(true);
  });
});

/** The paid group of the seed, as the client sees it in /groups ('How to join' where no payment is taken). */
async function openPaidGroupPayment(page: Page, origin: string, link = 'Pay and join') {
  await page.goto(`${origin}/groups`);
  await page.getByRole('link', { name: 'Leadership Mastermind' }).click();
  await page.getByRole('heading', { level: 1, name: 'Leadership Mastermind' }).waitFor();
  await page.getByRole('link', { name: link }).click();
  await page.getByRole('heading', { level: 1, name: 'Join Leadership Mastermind' }).waitFor();
}

describe('on a 375 px phone (client@demo.test)', () => {
  it('the lessons, a lesson and the payment page scroll no sideways', async () => {
    const page = await signedIn('demo', 'client@demo.test');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${app.stack.urls.demo}/lessons`);
    await page.getByRole('link', { name: 'Pricing for Profit' }).click();
    await page.getByRole('checkbox', { name: 'I took the quiz' }).waitFor();
    await expectNoSidewaysScroll(page, 'lesson');
    await page.goto(`${app.stack.urls.demo}/lessons`);
    await page.getByText('A 13-Week Cash Flow Forecast').waitFor();
    await expectNoSidewaysScroll(page, 'lessons');
    await shot(page, 'lessons-phone');
    await openPaidGroupPayment(page, app.stack.urls.demo!, 'How to join');
    await page.getByRole('heading', { name: 'How to join' }).waitFor();
    await expectNoSidewaysScroll(page, 'payment');
  });
});

describe('paying for the paid group', () => {
  it('without a publishable key (demo), the page says how to join through the coach and offers no payment', async () => {
    const page = await signedIn('demo', 'client@demo.test');
    const stripeRequests: string[] = [];
    page.on('request', (r) => void (r.url().includes('stripe') && stripeRequests.push(r.url())));
    await openPaidGroupPayment(page, app.stack.urls.demo!, 'How to join');
    await page.getByText('Price: $497.00').waitFor();
    await page.getByText('This portal does not take payments online.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /Pay/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Message your coach' }).count()).toBe(1);
    expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
    expect(stripeRequests).toEqual([]);
    expect(await cspOf(page)).not.toContain('stripe');
    await shot(page, 'pay-not-configured');
    await expectNoSeriousViolations(page, 'payment page without a key');
  });

  it('with a publishable key (acme), mounts Stripe’s loader and card area under a CSP that allows Stripe', async () => {
    const page = await signedIn('acme', 'client@acme.test');
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (uri: string) => void violations.push(uri));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation(uri: string): void }).reportViolation(e.blockedURI),
      ),
    );
    const stripeRequest = page.waitForRequest((r) => r.url().startsWith('https://js.stripe.com/'));
    await openPaidGroupPayment(page, app.stack.urls.acme!);
    const csp = await cspOf(page);
    expect(csp).toContain(
      `script-src 'self' ${BOOT_SCRIPT_HASH} https://js.stripe.com https://*.js.stripe.com`,
    );
    expect(csp).toContain('https://api.stripe.com');
    const area = page.getByRole('region', { name: 'Card details' });
    await area.waitFor();
    // The loader asked for Stripe.js from Stripe's host (the test's context refuses every https request, as
    // there is no internet here), the CSP let it, and the page says the form could not load, with a retry.
    expect((await stripeRequest).url()).toMatch(/^https:\/\/js\.stripe\.com\/[a-z]+\/stripe\.js/);
    expect(await page.locator('script[src^="https://js.stripe.com/"]').count()).toBe(1);
    await area.getByText('The secure card form could not be loaded.', { exact: false }).waitFor();
    await area.getByRole('button', { name: 'Try again' }).waitFor();
    expect(violations).toEqual([]);
    await shot(page, 'pay-with-key');
    await expectNoSeriousViolations(page, 'payment page with a key');
  });

  it('with Stripe.js stood in for, pays: the server’s price, the verified webhook, then enrolled and a receipt', async () => {
    const page = await signedIn('acme', 'client@acme.test');
    const standIn = await readFile(new URL('./fixtures/stripe-js-stand-in.js', import.meta.url), 'utf8');
    await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: standIn }),
    );
    await openPaidGroupPayment(page, app.stack.urls.acme!);
    const area = page.getByRole('region', { name: 'Card details' });
    await area.getByText('Card field (Stripe.js stand-in)').waitFor();
    await expectNoSeriousViolations(page, 'payment form');
    const intents = stripeApi.intents.size;
    await area.getByRole('button', { name: 'Pay $497.00' }).click();
    await page.getByText('Payment accepted. Confirming your place…').waitFor();

    // The intent was made by the API from the group's price; Stripe.js was handed its client secret.
    expect(stripeApi.intents.size).toBe(intents + 1);
    const intent = [...stripeApi.intents.values()].at(-1)!;
    expect([intent.amount, intent.currency]).toEqual([49_700, 'usd']);
    const confirmed = await page.evaluate(
      () => (window as unknown as { __stripeStandIn: { confirmed: string[] } }).__stripeStandIn.confirmed,
    );
    expect(confirmed).toEqual([intent.client_secret]);

    // Stripe's webhook, signed with the SDK's test-header helper, is what marks the member paid.
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
    await page.getByText('You are enrolled.').waitFor();
    await shot(page, 'paid');
    await expectNoSeriousViolations(page, 'paid');

    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Email me a receipt' }).click();
    await page.locator('.Toastify').getByText('Your receipt has been sent to your email').waitFor();
    expect(await fromMail('client@acme.test', since, /(Amount: \$497\.00)/)).toBe('Amount: $497.00');

    // The group now counts as paid: the group page no longer offers to pay.
    await page.goto(`${app.stack.urls.acme}/groups`);
    await page.getByRole('link', { name: 'Leadership Mastermind' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leadership Mastermind' }).waitFor();
    expect(await page.getByRole('link', { name: 'Pay and join' }).count()).toBe(0);
  });
});
