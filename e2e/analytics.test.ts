/**
 * The tenant's web-analytics container in Chromium. Only 127.0.0.1 can be reached here, so the container's URL
 * is answered by the test (page.route) with a stand-in script that marks the page: what is checked is that the
 * app asks for the container when, and only when, it should, and that the page's CSP lets it run then and
 * refuses it for a tenant that has no container.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './app-support.js';
import { serveBakedDemo } from './support/baked-demo.js';
import { launchBrowser } from './support/browser.js';

const CONTAINER = 'GTM-E2E123';
const CONTAINER_URL = `https://www.googletagmanager.com/gtm.js?id=${CONTAINER}`;

let browser: Browser;
let served: Awaited<ReturnType<typeof serveBakedDemo>>;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveBakedDemo({
      demo: (demo) => demo,
      asking: (demo) => ({ ...demo, integrations: { analyticsContainerId: CONTAINER } }),
      implied: (demo) => ({
        ...demo,
        integrations: { analyticsContainerId: CONTAINER, analyticsConsent: 'implied' },
      }),
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** A context whose container requests are answered locally and counted; every other https request fails. */
async function openContext(): Promise<{ context: BrowserContext; requests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const requests: string[] = [];
  await context.route(/^https:\/\//, (route) => {
    const url = route.request().url();
    if (!url.startsWith('https://www.googletagmanager.com/')) return route.abort();
    requests.push(url);
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__containerRan = (window.__containerRan || 0) + 1;',
    });
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__violations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return { context, requests };
}

const ran = (page: Page) => page.evaluate(() => (window as { __containerRan?: number }).__containerRan ?? 0);
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

async function openLogin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

describe('the analytics container', () => {
  it('asks first: loads the container only after Accept, and remembers the answer', async () => {
    const { context, requests } = await openContext();
    const page = await context.newPage();
    await openLogin(page, served.urls.asking!);
    const banner = page.getByRole('region', { name: 'Analytics cookies' });
    await banner.waitFor();
    expect(requests).toEqual([]);
    await expectNoSeriousViolations(page, 'the consent banner', '.consent-banner');
    // It fits a phone: no sideways scrolling with the banner up.
    await expectNoSidewaysScroll(page, 'the consent banner');
    // Keyboard: the banner's buttons are reachable and Enter answers.
    await page.getByRole('button', { name: 'Accept' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ran(page)).toBe(1);
    expect(requests).toEqual([CONTAINER_URL]);
    expect(await banner.count()).toBe(0);
    expect(
      await page.evaluate(() => (window as { dataLayer?: { event?: string }[] }).dataLayer?.[0]?.event),
    ).toBe('gtm.js');
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(() => ran(page)).toBe(1);
    expect(await banner.count()).toBe(0);
    expect(requests).toEqual([CONTAINER_URL, CONTAINER_URL]);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('loads nothing after Decline, on this page or the next', async () => {
    const { context, requests } = await openContext();
    const page = await context.newPage();
    await openLogin(page, served.urls.asking!);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Give a lazy chunk time to ask, had it been going to.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Analytics cookies' }).count()).toBe(0);
    expect([requests, await ran(page)]).toEqual([[], 0]);
    await context.close();
  });

  it('loads at once when consent is implied, but never on a reset or sign-in link page', async () => {
    const { context, requests } = await openContext();
    const page = await context.newPage();
    for (const route of ['/reset/secret-0123', '/fbslogin/secret-4567']) {
      await page.goto(`${served.urls.implied!}${route}`);
      await page.locator('h1').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(requests).toEqual([]);
    await openLogin(page, served.urls.implied!);
    await expect.poll(() => ran(page)).toBe(1);
    expect(requests).toEqual([CONTAINER_URL]);
    expect(await page.getByRole('region', { name: 'Analytics cookies' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('is refused by the CSP of a tenant without a container', async () => {
    const { context, requests } = await openContext();
    const page = await context.newPage();
    await openLogin(page, served.urls.demo!);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Analytics cookies' }).count()).toBe(0);
    await page.evaluate((src) => {
      const script = document.createElement('script');
      script.src = src;
      document.head.append(script);
    }, CONTAINER_URL);
    await expect.poll(() => violations(page)).toEqual([`script-src-elem ${CONTAINER_URL}`]);
    expect([requests, await ran(page)]).toEqual([[], 0]);
    await context.close();
  });
});
