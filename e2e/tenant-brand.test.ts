import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { REPO_ROOT, startStack, type Stack } from './support/stack.js';

/**
 * Each tenant's build boots from its own baked config and shows the login page in its own brand: colours as
 * CSS custom properties, its logo, its product name and the baked version.
 */
let stack: Stack;
let browser: Browser;
const shots = path.join(REPO_ROOT, 'test-results');

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  [stack, browser] = await Promise.all([startStack({ tenants: ['demo', 'acme'] }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function openLogin(url: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page
    .getByRole('button', { name: /sign in/i })
    .first()
    .waitFor();
  const cssVar = (name: string) =>
    page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
  return { page, context, errors, cssVar };
}

describe('tenant brand', () => {
  it('demo shows the default colours, its logo and the baked version', async () => {
    const { page, context, errors, cssVar } = await openLogin(`${stack.urls.demo}/login`);
    expect(await cssVar('--color-primary')).toBe('#14143f');
    expect(await cssVar('--color-background')).toBe('#f3fafe');
    expect(await page.locator('img[src$="/themes/1001/logo.svg"]').count()).toBeGreaterThan(0);
    expect(await page.textContent('body')).toMatch(/Coaching Portal version: 7\.2\.2/);
    expect(await page.title()).toBe('Coaching Portal');
    await page.screenshot({ path: path.join(shots, 'brand-demo-login.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('acme shows its own colours and logo, and ?brand=night its second brand', async () => {
    const acme = await openLogin(`${stack.urls.acme}/login`);
    expect(await acme.cssVar('--color-primary')).toBe('#9a3412');
    expect(await acme.cssVar('--color-login-background')).toBe('#431407');
    expect(await acme.page.locator('img[src$="/themes/2002/logo.svg"]').count()).toBeGreaterThan(0);
    expect(await acme.page.textContent('body')).toMatch(/Acme Business Coaching version: 7\.2\.2/);
    await acme.page.screenshot({ path: path.join(shots, 'brand-acme-login.png') });
    expect(acme.errors).toEqual([]);
    await acme.context.close();

    const night = await openLogin(`${stack.urls.acme}/login?brand=night`);
    expect(await night.cssVar('--color-primary')).toBe('#0f172a');
    expect(await night.page.locator('img[src$="/themes/2002/logo-night.svg"]').count()).toBeGreaterThan(0);
    await night.page.screenshot({ path: path.join(shots, 'brand-acme-night-login.png') });
    await night.context.close();
  });
});
