/**
 * The page's Content-Security-Policy and escaping in real Chromium. The tenant schema refuses '<' and '>' in a
 * tenant's name, so this test goes under that first line: it bakes the real build's index.html (the bake's own
 * renderIndex) for a tenant whose name carries markup, as if a tenant.json had got past validation, and checks
 * the next two lines: the value reaches the page only as text, and an inline script that does get into the
 * document (here added at run time, as an XSS through any other hole would) is refused by the CSP.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../cli/src/lib/bake/prerender.js';
import { serveBakedDemo } from './support/baked-demo.js';
import { launchBrowser } from './support/browser.js';

const HOSTILE_NAME = 'Acme</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

let browser: Browser;
let served: Awaited<ReturnType<typeof serveBakedDemo>>;
let origin: string;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveBakedDemo({
      demo: (demo) => ({ ...demo, name: HOSTILE_NAME }),
      integrated: (demo) => ({
        ...demo,
        integrations: { captchaSiteKey: 'e2e-site-key-0123', stripePublishableKey: 'pk_test_e2e0123456' },
      }),
    }),
    launchBrowser(),
  ]);
  origin = served.urls.demo!;
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** The login page, its CSP violations collected from the moment the document starts. */
async function openWatched(
  beforeLoad: (page: Page) => void = () => {},
  at = origin,
): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__violations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  beforeLoad(page);
  await page.goto(`${at}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  return {
    page,
    violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  };
}

describe('the page CSP and tenant values', () => {
  it('shows a tenant name with markup as text and runs none of it', async () => {
    const raw = await (await fetch(`${origin}/login`)).text();
    expect(raw).toContain('<title>Acme&lt;/script&gt;&lt;script&gt;window.__pwned&#61;1&lt;/script&gt;');
    expect(raw).toContain('"name":"Acme\\u003c/script\\u003e\\u003cscript\\u003e');
    // The config and the bake's one inline script (the entry is started by it, from a module preload).
    expect(raw.match(/<script/g)).toHaveLength(2);
    const { page, violations } = await openWatched();
    expect(await page.title()).toBe(`Sign in · ${HOSTILE_NAME}`);
    expect(await page.getByRole('img', { name: HOSTILE_NAME }).count()).toBe(1);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // Nothing was even attempted: the escaping kept the markup out of the document, so the CSP had no work.
    // The one inline script is the bake's own (its hash is in the CSP), with nothing of the name in it.
    expect(await page.locator('script:not([type="application/json"]):not([src])').allTextContents()).toEqual([
      BOOT_SCRIPT,
    ]);
    expect(await page.locator('img[onerror]').count()).toBe(0);
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('refuses an inline script and an inline handler added to the document at run time', async () => {
    const refused: string[] = [];
    const { page, violations } = await openWatched((page) =>
      page.on('console', (message) => {
        if (message.type() === 'error') refused.push(message.text());
      }),
    );
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 3;';
      document.body.append(script);
      const img = document.createElement('div');
      img.innerHTML = '<img src="data:," onerror="window.__pwned = 4">';
      document.body.append(img);
    });
    await expect.poll(violations).toHaveLength(2);
    expect(await violations()).toEqual(['script-src-elem inline', 'script-src-attr inline']);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // Chromium's own report of each refusal, in the console a developer would look at.
    expect(refused).toEqual([
      expect.stringMatching(
        /^Executing inline script violates .*'script-src 'self' 'sha256-[^']+''.*has been blocked/,
      ),
      expect.stringMatching(/^Executing inline event handler violates .*has been blocked/),
    ]);
    await page.context().close();
  });

  it("refuses another origin's script, the integrations' too when the tenant has none", async () => {
    const { page, violations } = await openWatched();
    await addScripts(page, [ELSEWHERE, ...INTEGRATIONS]);
    // The violation events are queued tasks of their own: wait for them, not only for the error events.
    await expect.poll(violations).toHaveLength(1 + INTEGRATIONS.length);
    expect((await violations()).sort()).toEqual(
      [ELSEWHERE, ...INTEGRATIONS].map((src) => `script-src-elem ${src}`).sort(),
    );
    await page.context().close();
  });

  it('allows the CAPTCHA and payment scripts for a tenant that set them, and nothing else', async () => {
    const { page, violations } = await openWatched(() => {}, served.urls.integrated!);
    // No network here: each script fails to load, which is not a CSP refusal.
    await addScripts(page, [ELSEWHERE, ...INTEGRATIONS.slice(1)]);
    await expect.poll(violations).toContain(`script-src-elem ${ELSEWHERE}`);
    expect(await violations()).toEqual([`script-src-elem ${ELSEWHERE}`]);
    await page.context().close();
  });
});

const ELSEWHERE = 'https://evil.example/x.js';
const INTEGRATIONS = [
  'https://www.googletagmanager.com/gtm.js?id=GTM-X1',
  'https://www.google.com/recaptcha/api.js',
  'https://js.stripe.com/v3/',
];

/** Adds script elements and waits until each has loaded, failed or been refused. */
async function addScripts(page: Page, sources: string[]): Promise<void> {
  await page.evaluate(
    (all) =>
      Promise.all(
        all.map(
          (src) =>
            new Promise<void>((resolve) => {
              const script = document.createElement('script');
              script.src = src;
              script.onload = script.onerror = () => resolve();
              document.body.append(script);
            }),
        ),
      ),
    sources,
  );
}

describe('tokens in the address', () => {
  it('sends no token in a Referer from a reset or sign-in link page, and no path elsewhere', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const referers: string[] = [];
    page.on('request', (request) => {
      void request.headerValue('referer').then((value) => referers.push(value ?? 'none'));
    });
    for (const route of ['/reset/secret-0123', '/fbslogin/secret-4567']) {
      const answer = await page.goto(`${origin}${route}`);
      expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
      await page.locator('h1').waitFor();
      expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
    }
    await expect.poll(() => referers.length).toBeGreaterThan(4);
    expect(referers.filter((value) => value.includes('secret'))).toEqual([]);
    referers.length = 0;
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Elsewhere the origin only (index.html's strict-origin): no path of the app leaves in a Referer.
    await expect.poll(() => referers).toContain(`${origin}/`);
    expect(referers.filter((value) => value.includes('/login'))).toEqual([]);
    await context.close();
  });
});
