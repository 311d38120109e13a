/**
 * /help's forms in Chromium against the real API (PGlite, seeded): the demo client files a support ticket,
 * sends a testimonial (refused inline until consent is given) and refers someone, who receives the invitation
 * mail (referring them again is refused inline); axe finds nothing serious on the page, with and without inline errors; it fits a phone screen.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOTS,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  fromMail,
  newContext,
  signIn,
  useAppStack,
} from './app-support';

const EMAIL = 'client@demo.test';
const app = useAppStack(['demo']);

let context: BrowserContext;
let page: Page;
let origin: string;

beforeAll(async () => {
  origin = app.stack.urls.demo!;
  context = await newContext();
  page = await context.newPage();
  await signIn(page, origin, EMAIL);
});

afterAll(() => context?.close());

const shot = (name: string) =>
  page.screenshot({ path: path.join(SHOTS, `help-${name}.png`), fullPage: true });
const toast = (text: string) => page.locator('.Toastify').getByText(text).first();
const form = (name: string) => page.getByRole('form', { name });

async function openHelp() {
  await page.goto(`${origin}/help`);
  await form('Contact support').waitFor();
}

describe('help: support and feedback (demo client)', () => {
  it('opens /help from the navbar’s help icon and shows the three forms', async () => {
    await page.goto(`${origin}/schedule`);
    await page.getByRole('link', { name: 'Help' }).first().click();
    await page.waitForURL(`${origin}/help`);
    for (const name of ['Contact support', 'Write a testimonial', 'Refer someone'])
      await form(name).waitFor();
    await page.waitForLoadState('networkidle');
    await shot('forms');
    await expectNoSeriousViolations(page, 'help');
  });

  it('files a ticket: SPEC’s toast, and the form is cleared', async () => {
    await openHelp();
    const ticket = form('Contact support');
    await ticket.getByLabel('Topic').selectOption({ label: 'Something does not work' });
    await ticket.getByLabel('Subject').fill('The notes page stays empty');
    await ticket.getByLabel('Message').fill('Since this morning.\nIn Chromium and Firefox.');
    await ticket.getByRole('button', { name: 'Submit ticket' }).click();
    await toast('Ticket submitted, we will get back to you soon.').waitFor();
    expect(await ticket.getByLabel('Subject').inputValue()).toBe('');
  });

  it('sends a testimonial only with consent to publish it', async () => {
    await openHelp();
    const testimonial = form('Write a testimonial');
    await testimonial.getByLabel('Your testimonial').fill('Our margins doubled within a year of coaching.');
    await testimonial.getByLabel('Sign it as').fill('Daniel R., Oakland');
    await testimonial.getByRole('button', { name: 'Send testimonial' }).click();
    await testimonial.getByText('Tick the box to let us publish your testimonial.').waitFor();
    await shot('testimonial-needs-consent');
    await expectNoSeriousViolations(page, 'help with inline errors');
    await testimonial.getByRole('checkbox', { name: /may publish this testimonial/ }).check();
    await testimonial.getByRole('button', { name: 'Send testimonial' }).click();
    await toast('Testimonial has been sent successfully').waitFor();
  });

  it('refers someone, who receives one invitation naming the client', async () => {
    await openHelp();
    const referral = form('Refer someone');
    await referral.getByLabel('Their first name').fill('Dana');
    await referral.getByLabel('Their last name').fill('Reyes');
    await referral.getByLabel('Their email').fill(EMAIL);
    await referral.getByRole('button', { name: 'Send referral' }).click();
    await referral.getByText('Enter the address of someone else, not your own.').waitFor();
    await referral.getByLabel('Their email').fill('dana.reyes@example.com');
    const since = Date.now() - 1000;
    await referral.getByRole('button', { name: 'Send referral' }).click();
    await toast('Referral has been sent successfully').waitFor();
    const subject = await fromMail('dana.reyes@example.com', since, /^Subject: (.*)$/m);
    expect(subject).toMatch(/^Daniel Reyes recommends .+ to you$/);
  });

  it('says so when the client refers the same person again, with no success toast', async () => {
    await openHelp();
    const referral = form('Refer someone');
    await referral.getByLabel('Their first name').fill('Dana');
    await referral.getByLabel('Their last name').fill('Reyes');
    await referral.getByLabel('Their email').fill('Dana.Reyes@example.com');
    await referral.getByRole('button', { name: 'Send referral' }).click();
    const email = referral.getByLabel('Their email');
    await referral.getByText('You have already referred this person today.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.inputValue()).toBe('Dana.Reyes@example.com');
    expect(await page.locator('.Toastify').getByText('Referral has been sent successfully').count()).toBe(0);
    await expectNoSeriousViolations(page, 'help after a refused referral');
  });

  it('fits a phone screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openHelp();
      await page.waitForLoadState('networkidle');
      await shot('phone');
      await expectNoSidewaysScroll(page, 'help');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
