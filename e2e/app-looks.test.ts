/**
 * Each tenant's own look (colours, logo, brand) in Chromium, with screenshots in test-results/, and an axe
 * scan of login, OTP, the shell, profile and the phone drawer.
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SHOTS,
  newContext,
  otpFromMail,
  serious,
  signIn,
  submitCredentials,
  toastSettled,
  useAppStack,
} from './app-support';

const app = useAppStack(['demo', 'acme']);

describe("each tenant's look", () => {
  for (const [slug, primary, name] of [
    ['demo', 'rgb(20, 20, 63)', 'Coaching Portal'],
    ['acme', 'rgb(154, 52, 18)', 'Acme Business Coaching'],
  ] as const) {
    it(`${slug} shows its own colours, logo, name and baked version`, async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(`${app.stack.urls[slug]}/login`);
      // The app's own login screen, once it has replaced index.html's pre-rendered one.
      await page.locator('.prerendered').first().waitFor({ state: 'detached' });
      const logo = page.locator('.login-logo');
      await logo.waitFor();
      expect(await page.title()).toBe(`Sign in · ${name}`);
      // SPEC §2: the footer is for signed-in users only.
      expect(await page.locator('footer').count()).toBe(0);
      expect(await logo.getAttribute('src')).toMatch(/\/themes\/\d+\/logo\.svg$/);
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
      const button = page.getByRole('button', { name: 'Sign in' });
      expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(primary);
      // Links are the tenant's own (its primary unless it sets linkColor), not the browser's blue.
      const forgot = page.getByRole('link', { name: 'Forgot your password?' });
      expect(await forgot.evaluate((a) => getComputedStyle(a).color)).toBe(primary);
      await page.screenshot({ path: path.join(SHOTS, `app-${slug}-login.png`) });
      await signIn(page, app.stack.urls[slug]!, `basic@${slug}.test`);
      expect(await page.locator('footer').textContent()).toBe(
        `© ${new Date().getFullYear()} ${name} · version: 7.2.2`,
      );
      const bar = page.locator('.topbar');
      expect(await bar.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(primary);
      // The whole page, footer included.
      await page.screenshot({ path: path.join(SHOTS, `app-${slug}-shell.png`), fullPage: true });
      await context.close();
    });
  }

  it('acme ?brand=night shows the night brand', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${app.stack.urls.acme}/login?brand=night`);
    // The brand is the app's choice: index.html's pre-rendered screen shows the default one until replaced.
    await page.locator('.prerendered').first().waitFor({ state: 'detached' });
    const logo = page.locator('.login-logo');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/logo-night\.svg$/);
    const button = page.getByRole('button', { name: 'Sign in' });
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(15, 23, 42)');
    const forgot = page.getByRole('link', { name: 'Forgot your password?' });
    expect(await forgot.evaluate((a) => getComputedStyle(a).color)).toBe('rgb(15, 23, 42)');
    await page.screenshot({ path: path.join(SHOTS, 'app-acme-night-login.png') });
    await context.close();
  });
});

describe('accessibility (axe: no serious or critical violation)', () => {
  // acme has dark brand colours; demo runs on the defaults, whose accent is a light blue.
  it.each(['acme', 'demo'])('login, OTP, shell and profile (%s)', async (slug) => {
    const context = await newContext();
    const page = await context.newPage();
    const scan = async (name: string) => {
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      expect(serious(result.violations), name).toEqual([]);
    };
    const since = await submitCredentials(page, app.stack.urls[slug]!, `client@${slug}.test`);
    const otp = page.getByLabel('One-time password');
    await otp.waitFor();
    await toastSettled(page, 'A One-Time Password (OTP) has been sent to your email');
    await scan('otp');
    await page.screenshot({ path: path.join(SHOTS, `app-${slug}-otp.png`) });
    await otp.fill(await otpFromMail(`client@${slug}.test`, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await scan('shell');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'My Profile' })
      .click();
    await page.getByLabel('First name').waitFor();
    await scan('profile');
    await page.screenshot({ path: path.join(SHOTS, `app-${slug}-profile.png`), fullPage: true });
    // "Choose a picture" is a secondary action like the others, not the one grey button of the portal.
    const secondary = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.background = 'var(--color-button-secondary-color)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    const choose = page.getByText('Choose a picture', { exact: true });
    expect(await choose.evaluate((label) => getComputedStyle(label).backgroundColor)).toBe(secondary);
    // Collapsing the side menu gives its room to the page: no empty strip beside the page.
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await page.locator('.shell[data-menu="collapsed"]').waitFor();
    const strip = () =>
      page.evaluate(
        () =>
          document.querySelector('main')!.getBoundingClientRect().right -
          document.querySelector('main .page')!.getBoundingClientRect().right,
      );
    await expect.poll(strip).toBeLessThanOrEqual(1);
    await page.screenshot({ path: path.join(SHOTS, `app-${slug}-collapsed.png`) });
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page.setViewportSize({ width: 375, height: 740 });
    // At phone width the side menu is a closed drawer until the toggle opens it.
    await page.getByRole('button', { name: 'Expand menu' }).waitFor();
    await page.locator('.side-menu').waitFor({ state: 'hidden', timeout: 2000 });
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'My Notes' })
      .waitFor();
    await scan('drawer');
    await page.screenshot({ path: path.join(SHOTS, `app-${slug}-drawer.png`) });
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.stack.urls[slug]}/login`);
    await page.getByLabel('Email').waitFor();
    await scan('login');
    await context.close();
  });
});
