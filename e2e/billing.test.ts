/**
 * Getting paid in Chromium against the real API (PGlite, seeded): in demo (no Stripe key) client@
 * orders the smaller package, reads how to pay the coach, and the admin records the bank transfer; the package is
 * active with its credits and its invoice, whose PDF client@ downloads and pdf.js reads back; client@ books the
 * video session with a credit and has one credit less; the admin sees the month's revenue grow by the package's
 * price and the payment in the list. client@ sets the seeded subscription to end with its period and the page says
 * on which day; the admin refunds part of the package's payment and its credit note is in client@'s invoices. axe at 1280 and 375 px in demo and globex for the client's Plans and billing
 * and the admin's Revenue and Payments (screenshots in test-results/). Last, coach@ sells a session to client@ alone
 * by invitation (the editor's picker, the list naming them, client@'s page offering it), and the editor with its
 * audience fields passes axe at both widths in demo and globex.
 *
 * The buying, offline payment, credits in booking and invoice PDF routes are B1's and B2's (the other
 * parts): this file waits for them; the admin's pages run on the seeded payments alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits } from '../contracts/billing';
import type { BillingPage, Offering, Revenue } from '../contracts/rest/billing';
import { pdfText } from '../api/test/helpers/pdf-text';
import {
  accessibleAtBothWidths,
  accessibleAtWidths,
  callApiFrom,
  useAppStack,
  useSignedInPage,
} from './app-support';

const app = useAppStack(['demo', 'globex']);
const client = useSignedInPage(app, 'demo', 'client@demo.test', 'billing-client');
const admin = useSignedInPage(app, 'demo', 'admin@demo.test', 'billing-admin');
const globex = useSignedInPage(app, 'globex', 'client@globex.test', 'billing-globex');
const globexAdmin = useSignedInPage(app, 'globex', 'admin@globex.test', 'billing-globex-admin');
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'billing-coach');
const globexCoach = useSignedInPage(app, 'globex', 'coach@globex.test', 'billing-globex-coach');

async function openBilling(page: Page, origin: string) {
  await page.goto(`${origin}/billing`);
  await page.getByRole('heading', { level: 1, name: 'Plans and billing' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'My invoices' }).waitFor();
}

async function openRevenue(page: Page, origin: string) {
  await page.goto(`${origin}/admin/revenue`);
  await page.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'By month' }).waitFor();
}

async function openPayments(page: Page, origin: string) {
  await page.goto(`${origin}/admin/payments`);
  await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
  await page.locator('.billing-table tbody tr').first().waitFor();
}

/** This month's row of the revenue page, as the API answers it. */
async function thisMonth(page: Page) {
  const revenue = (await callApiFrom<Revenue>(page, 'GET', '/api/v1/admin/revenue')).body.data;
  return revenue.months.at(-1)!;
}

let bought: Offering;
let paidBefore = 0;
let creditsBefore = 0;

describe('the admin sees the revenue (demo)', () => {
  it('shows the seeded months, offerings and coaches, and the payments with their invoices', async () => {
    const page = admin.page;
    await openRevenue(page, admin.origin);
    const byOffering = page.getByRole('region', { name: 'By offering' });
    await byOffering.getByRole('rowheader').first().waitFor();
    expect(await byOffering.getByRole('rowheader').count()).toBeGreaterThanOrEqual(2);
    await admin.shot('revenue');
    paidBefore = (await thisMonth(page)).gross;
    await openPayments(page, admin.origin);
    await page
      .getByRole('button', { name: /^Download invoice / })
      .first()
      .waitFor();
    await admin.shot('payments');
  });
});

describe('a client buys a package and books with a credit (demo, no cards)', () => {
  it('client@ orders the smaller package and reads how to pay the coach', async () => {
    const page = client.page;
    await openBilling(page, client.origin);
    const billing = (await callApiFrom<BillingPage>(page, 'GET', '/api/v1/billing')).body.data;
    creditsBefore = billing.credits.available;
    bought = billing.offerings.filter((o) => o.kind === 'package').sort((a, b) => a.price - b.price)[0]!;
    await page.getByRole('button', { name: `Buy ${bought.title}` }).click();
    await page.getByRole('heading', { name: `How to pay for ${bought.title}` }).waitFor();
    await page.getByText(billing.offline_instructions!).waitFor();
    await page.getByRole('button', { name: 'I will pay this way' }).click();
    await page.getByText('Your order is noted.').waitFor();
    await client.shot('ordered');
  });

  it('the admin records the transfer; client@ has the package, its credits and its invoice PDF', async () => {
    const me = await callApiFrom<{ id: number }>(client.page, 'GET', '/api/v1/me');
    const recorded = await callApiFrom(admin.page, 'POST', '/api/v1/admin/payments/offline', {
      client_id: me.body.data.id,
      offering_id: bought.id,
      paid_on: new Date().toISOString().slice(0, 10),
      note: 'Bank transfer received',
    });
    expect(recorded.status).toBe(201);
    const page = client.page;
    await openBilling(page, client.origin);
    const purchases = page.getByRole('list', { name: 'Your purchases' });
    await purchases
      .getByRole('listitem')
      .filter({ hasText: bought.title })
      .filter({ hasText: 'Active' })
      .waitFor();
    const credits = page.getByRole('region', { name: 'My session credits' });
    await credits.getByText(`${creditsBefore + bought.sessions!} session credits left`).waitFor();
    const invoices = page.getByRole('region', { name: 'My invoices' });
    const download = invoices.getByRole('button', { name: /^Download .+ \(PDF\)$/ }).first();
    const number = (await download.getAttribute('aria-label'))!.replace(/^Download (.+) \(PDF\)$/, '$1');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const target = path.join(app.stack.work, 'invoice.pdf');
    await file.saveAs(target);
    const text = await pdfText(await readFile(target));
    expect(text).toContain(number);
    expect(text).toContain(bought.title);
    expect(text).toContain(formatMoney(bought.price, bought.currency, 'en-US'));
    await client.shot('bought');
  });

  it('client@ books the video session with a credit, and has one credit less', async () => {
    const page = client.page;
    await page.goto(`${client.origin}/book`);
    const type = page.locator('.choice-list a').filter({ hasText: bought.meeting_type!.title });
    await type.first().click();
    await page.locator('.slot-day').first().waitFor();
    await page.locator('.slot-day').last().getByRole('button').first().click();
    await page.getByRole('heading', { level: 2, name: 'Confirm your meeting' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your meeting is booked' }).waitFor();
    await openBilling(page, client.origin);
    const credits = page.getByRole('region', { name: 'My session credits' });
    await credits.getByText(`${creditsBefore + bought.sessions! - 1} session credits left`).waitFor();
  });

  it("the admin's revenue grows by the package's price this month", async () => {
    await openRevenue(admin.page, admin.origin);
    expect((await thisMonth(admin.page)).gross).toBe(paidBefore + bought.price);
    await admin.shot('revenue-after');
  });
});

describe('a subscription ends with its period, and a payment is refunded in part (demo)', () => {
  it('client@ cancels the seeded subscription at the end of its period, and the page says until when', async () => {
    const page = client.page;
    await openBilling(page, client.origin);
    const billing = (await callApiFrom<BillingPage>(page, 'GET', '/api/v1/billing')).body.data;
    const held = billing.purchases.find((p) => p.subscription?.status === 'active')!;
    expect(held.subscription!.cancel_at_period_end).toBe(false);
    const item = page
      .getByRole('list', { name: 'Your purchases' })
      .getByRole('listitem')
      .filter({ hasText: held.offering.title });
    const renews = await item.getByText(/^Renews on .+\.$/).textContent();
    const until = renews!.replace(/^Renews on (.+)\.$/, '$1');
    await item.getByRole('button', { name: 'Cancel at the end of this period' }).click();
    // The day the period ends, as it renewed on before: the subscription runs until then.
    await item.getByText(`Ends on ${until}.`).waitFor();
    await item.getByRole('button', { name: 'Keep my subscription' }).waitFor();
    const after = (await callApiFrom<BillingPage>(page, 'GET', '/api/v1/billing')).body.data;
    const ending = after.purchases.find((p) => p.id === held.id)!.subscription!;
    expect(ending.cancel_at_period_end).toBe(true);
    expect(ending.current_period_end).toBe(held.subscription!.current_period_end);
    await client.shot('subscription-ending');
  });

  it("the admin refunds a quarter of the package's payment; its credit note is in client@'s invoices", async () => {
    const me = (
      await callApiFrom<{ first_name: string; last_name: string }>(client.page, 'GET', '/api/v1/me')
    ).body.data;
    const page = admin.page;
    await openPayments(page, admin.origin);
    const row = page
      .locator('.billing-table tbody tr')
      .filter({ hasText: `${me.first_name} ${me.last_name}` })
      .filter({ hasText: bought.title })
      .first();
    await row.getByRole('button', { name: /^Refund payment / }).click();
    const form = page.getByRole('form', { name: new RegExp(`^Refund ${me.first_name} ${me.last_name}`) });
    const part = Math.round(bought.price / 4);
    const digits = minorDigits(bought.currency);
    await form.getByLabel(/^Amount/).fill((part / 10 ** digits).toFixed(digits));
    await form.getByLabel('Reason').fill('One session of four was not held.');
    await form.getByRole('button', { name: 'Refund' }).click();
    const done = page.getByText(/^Refunded\. Credit note .+ issued\.$/).first();
    const number = (await done.textContent())!.replace(/^Refunded\. Credit note (.+) issued\.$/, '$1');
    await row.getByText(formatMoney(part, bought.currency, 'en-US')).waitFor();
    await admin.shot('refunded');

    await openBilling(client.page, client.origin);
    const invoices = client.page.getByRole('region', { name: 'My invoices' });
    const note = invoices.getByRole('row').filter({ hasText: `${number} (credit note)` });
    await note.getByText(formatMoney(part, bought.currency, 'en-US')).waitFor();
    await note.getByRole('button', { name: `Download ${number} (PDF)` }).waitFor();
    await client.shot('credit-note');
  });
});

describe('accessibility', () => {
  it('has no serious violations at 1280 and 375 px in demo and globex', async () => {
    for (const [who, slug] of [
      [client, 'demo'],
      [globex, 'globex'],
    ] as const)
      await accessibleAtWidths(who.page, [
        {
          where: `${slug} Plans and billing`,
          open: async (width) => {
            await openBilling(who.page, who.origin);
            await who.shot(`billing-${width}`);
          },
        },
      ]);
    for (const [who, slug] of [
      [admin, 'demo'],
      [globexAdmin, 'globex'],
    ] as const)
      await accessibleAtWidths(who.page, [
        {
          where: `${slug} revenue`,
          open: async (width) => {
            await openRevenue(who.page, who.origin);
            await who.shot(`revenue-${width}`);
          },
        },
        {
          where: `${slug} payments`,
          open: async (width) => {
            await openPayments(who.page, who.origin);
            await who.shot(`payments-${width}`);
          },
        },
      ]);
  });
});

async function newOffering(page: Page, origin: string) {
  await page.goto(`${origin}/coach/offerings`);
  await page.getByRole('heading', { level: 1, name: 'Offerings' }).waitFor();
  await page.getByRole('table', { name: 'Offerings' }).waitFor();
  await page.getByRole('button', { name: 'New offering' }).click();
  return page.getByRole('form', { name: 'New offering' });
}

describe('the offerings editor: who may buy', () => {
  it('coach@ sells a session to client@ alone; the list names them and client@ is offered it', async () => {
    const me = (
      await callApiFrom<{ first_name: string; last_name: string }>(client.page, 'GET', '/api/v1/me')
    ).body.data;
    const name = `${me.first_name} ${me.last_name}`;
    const form = await newOffering(coach.page, coach.origin);
    await form.getByLabel('What it is').selectOption('session');
    await form.getByLabel('Title').fill('Private review hour');
    await form.getByLabel(/^Price/).fill('90');
    await form.getByLabel('Who may buy it').selectOption('invited');
    const picker = form.getByRole('group', { name: 'Invited clients' });
    await picker.getByLabel('Find a client').fill(me.first_name);
    await picker.getByLabel(name).check();
    await picker.getByText('1 client invited.').waitFor();
    await accessibleAtBothWidths(coach.page, 'demo offerings editor, invited clients');
    await coach.shot('offering-invited');
    await form.getByRole('button', { name: 'Save' }).click();
    const row = coach.page
      .getByRole('table', { name: 'Offerings' })
      .getByRole('row', { name: /Private review hour/ });
    await row.getByText(`Invited: ${name}`).waitFor();
    const billing = (await callApiFrom<BillingPage>(client.page, 'GET', '/api/v1/billing')).body.data;
    const offered = billing.offerings.find((o) => o.title === 'Private review hour');
    expect(offered).toMatchObject({ audience: 'invited', kind: 'session' });
  });

  it('the editor, sold to a group, has no serious violations at 1280 and 375 px in globex', async () => {
    const form = await newOffering(globexCoach.page, globexCoach.origin);
    await form.getByLabel('Who may buy it').selectOption('group');
    await form.getByLabel('Group').waitFor();
    await accessibleAtBothWidths(globexCoach.page, 'globex offerings editor, a group');
    await globexCoach.shot('offering-group');
  });
});
