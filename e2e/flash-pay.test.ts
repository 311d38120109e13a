/**
 * Flash coaching and paying for a group in Chromium against the real API (PGlite, seeded), on demo (no Stripe
 * key) and acme (a test publishable key): a client without flags reaches none of /groups, /lessons,
 * /business-academy or the payment page by URL and the API refuses their calls; the demo client's open lesson
 * saves its progress through the 5 s batch and its locked one stays closed; the paid group's Pay button explains
 * that payments are not configured without a key, and with one the page mounts Stripe's loader and card area
 * (Stripe.js itself cannot load here: no internet) under a CSP that allows Stripe's hosts only then. axe on
 * every new page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, serious, SHOTS, signIn, useAppStack } from './app-support';

const app = useAppStack(['demo', 'acme']);
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
});

async function noSeriousViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).include('.page').analyze();
  expect(serious(violations), where).toEqual([]);
}

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

  it('reaches none of the flagged pages by URL: each goes back home, to the schedule', async () => {
    const origin = app.stack.urls.demo!;
    for (const url of [
      '/groups',
      '/groups/1/1',
      '/lessons',
      '/lessons/1/1',
      '/business-academy',
      '/groups/1/purchase',
    ]) {
      await page.goto(`${origin}${url}`);
      await page.getByRole('heading', { level: 1, name: 'My Schedule' }).waitFor();
      expect(new URL(page.url()).pathname, url).toBe('/schedule');
    }
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
    await noSeriousViolations(page, 'lessons');

    const list = (await apiCall(page, 'GET', '/api/v1/flashcoaching/lessons')).body.data as {
      assessment_id: number;
      access: number;
      lesson: { id: number };
    }[];
    const closed = list.find((l) => l.access === 0)!;
    await page.goto(`${app.stack.urls.demo}/lessons/${closed.assessment_id}/${closed.lesson.id}`);
    await page.getByText('This lesson is not open to you yet.').waitFor();
    await noSeriousViolations(page, 'locked lesson');
  });

  it('saves the lesson progress through the 5 s batch, and finds it after a reload', async () => {
    await page.goto(`${app.stack.urls.demo}/lessons`);
    await page.getByRole('link', { name: 'Pricing for Profit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pricing for Profit' }).waitFor();
    await noSeriousViolations(page, 'lesson');
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

/** The paid group of the seed, as the client sees it in /groups. */
async function openPaidGroupPayment(page: Page, origin: string) {
  await page.goto(`${origin}/groups`);
  await page.getByRole('link', { name: 'Leadership Mastermind' }).click();
  await page.getByRole('heading', { level: 1, name: 'Leadership Mastermind' }).waitFor();
  await page.getByRole('link', { name: 'Pay and join' }).click();
  await page.getByRole('heading', { level: 1, name: 'Join Leadership Mastermind' }).waitFor();
}

describe('paying for the paid group', () => {
  it('without a publishable key (demo), the Pay button explains that payments are not configured', async () => {
    const page = await signedIn('demo', 'client@demo.test');
    const stripeRequests: string[] = [];
    page.on('request', (r) => void (r.url().includes('stripe') && stripeRequests.push(r.url())));
    await openPaidGroupPayment(page, app.stack.urls.demo!);
    await page.getByText('Price: $497.00').waitFor();
    await page.getByRole('button', { name: 'Pay $497.00' }).click();
    await page
      .getByText('Online payments are not configured for this portal yet.', { exact: false })
      .waitFor();
    expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
    expect(stripeRequests).toEqual([]);
    expect(await cspOf(page)).not.toContain('stripe');
    await shot(page, 'pay-not-configured');
    await noSeriousViolations(page, 'payment page without a key');
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
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
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
    await noSeriousViolations(page, 'payment page with a key');
  });
});
