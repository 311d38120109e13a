/**
 * Every mail as a client's mail program shows it: each kind rendered for two example tenants (acme and globex)
 * opened in Chromium at 375 px (a phone) and 800 px (a desktop reading pane), with axe (no serious violation) and
 * a screenshot each in /tmp/mail-templates/, the tenant's logo served from its own file. (The choice of which
 * mails arrive is the notification settings page's, e2e/notifications.test.ts.)
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailBrand } from '../contracts/mail/mail-brand';
import { MAIL_KINDS, mailKinds } from '../contracts/mail/mail-kinds';
import { loadMailTemplates, renderMail } from '../contracts/mail/render-mail';
import type { TenantConfig } from '../contracts/tenant';
import { expectNoSeriousViolations, expectNoSidewaysScroll, newContext, useAppStack } from './app-support';

const TENANTS = ['acme', 'globex'];
const SHOTS = '/tmp/mail-templates';
const TENANTS_DIR = path.resolve(import.meta.dirname, '..', 'tenants');
// The browser comes with the stack; the mails are rendered here, not sent.
useAppStack(TENANTS);

const configOf = async (slug: string) =>
  JSON.parse(await readFile(path.join(TENANTS_DIR, slug, 'tenant.json'), 'utf8')) as TenantConfig;

describe.each(TENANTS)('the mails of %s', (slug) => {
  let context: BrowserContext;
  let page: Page;
  let tenant: { brand: ReturnType<typeof mailBrand>; templates: ReturnType<typeof loadMailTemplates> };

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    const config = await configOf(slug);
    tenant = { brand: mailBrand(config), templates: loadMailTemplates(path.join(TENANTS_DIR, slug, 'mail')) };
    context = await newContext();
    // The logo's address is on the tenant's domain: answered here with the tenant's own file.
    const logo = await readFile(path.join(TENANTS_DIR, slug, config.theme!.assets!.logo!));
    await context.route(tenant.brand.logoUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: logo }),
    );
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it.each(mailKinds)(
    '%s at 375 and 800 px: no serious axe violation, the logo shown, no sideways scroll',
    async (kind) => {
      const mail = renderMail(tenant, kind, MAIL_KINDS[kind].sample as never);
      for (const width of [375, 800]) {
        await page.setViewportSize({ width, height: 900 });
        await page.setContent(mail.html, { waitUntil: 'load' });
        const logo = page.getByRole('img', { name: tenant.brand.name });
        await expect
          .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(tenant.brand.lang);
        // Readable at a phone's width without scrolling sideways.
        await expectNoSidewaysScroll(page, `${slug} ${kind} at ${width}px`);
        // The whole mail: it is not the app, whose content is `.page`.
        await expectNoSeriousViolations(page, `${slug} ${kind} at ${width}px`, 'html');
        await page.screenshot({ path: path.join(SHOTS, `${slug}-${kind}-${width}.png`), fullPage: true });
      }
    },
  );
});
