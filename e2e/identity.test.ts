/**
 * Who a signed-in person is, kept true in Chromium against the real API (PGlite, seeded): an admin's change of a
 * client's login email waits for the new address, whose link lands on a page that confirms it with a click and
 * says what happened (or why a used link does not work), with no serious axe violation; an admin's link of a
 * signed-in client to a company reaches the client's open tab, which then shows the company's files without a
 * new sign-in; and a deactivated person's open tab says the account was deactivated, with what to do.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOTS,
  expectNoSeriousViolations,
  fromMail,
  newContext,
  signIn,
  toastOf,
  useAppStack,
} from './app-support';

const app = useAppStack(['acme']);

let adminContext: BrowserContext;
let admin: Page;
let origin: string;

beforeAll(async () => {
  origin = app.stack.urls.acme!;
  adminContext = await newContext();
  admin = await adminContext.newPage();
  await signIn(admin, origin, 'admin@acme.test');
});
afterAll(() => adminContext?.close());

const heading = (p: Page, name: string | RegExp) => p.getByRole('heading', { level: 1, name }).waitFor();
const pathname = (p: Page) => new URL(p.url()).pathname;

/** Opens a person's page from People, found by their email. */
async function openPerson(email: string) {
  await admin.goto(`${origin}/admin`);
  await heading(admin, 'People');
  await admin.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('link').click();
  await admin.getByRole('heading', { name: /^Status:/ }).waitFor();
}

/** Saves the person's form with the company chosen by its label ('No company' to unlink). */
async function setCompany(label: string) {
  await admin.getByRole('combobox', { name: 'Company' }).selectOption({ label });
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await toastOf(admin, 'The changes were saved.').waitFor();
}

/** A click in the client's open tab that asks the API something (a page of the menu, then Resources again). */
async function browse(client: Page) {
  const menu = client.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'My Schedule' }).click();
  await heading(client, 'My Schedule');
  await menu.getByRole('link', { name: 'My Resources' }).click();
}

describe('a new login email', () => {
  it('waits for the new address, whose link confirms it with a click once and says what happened', async () => {
    await openPerson('client@acme.test');
    const next = `rachel.new.${Date.now()}@example.test`;
    const since = Date.now() - 1000;
    await admin.getByLabel('Email', { exact: true }).fill(next);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await toastOf(admin, `The login email changes to ${next} once they open`).waitFor();
    await admin.getByRole('heading', { name: 'New login email waiting for confirmation' }).waitFor();
    expect(await admin.getByLabel('Email', { exact: true }).inputValue()).toBe('client@acme.test');

    const token = await fromMail(next, since, /\/email-change\/(\S+)/);
    const context = await newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/email-change/${token}`);
      await heading(page, 'Confirm your new login email');
      await expectNoSeriousViolations(page, 'the confirm page', 'main');
      await page.getByRole('button', { name: 'Confirm my new email' }).click();
      await heading(page, 'Your login email has changed');
      await page
        .getByRole('status')
        .getByText(`Your login email is now ${next}. You have been signed out everywhere`)
        .waitFor();
      await expectNoSeriousViolations(page, 'the confirmed page', 'main');
      await page.screenshot({ path: path.join(SHOTS, 'identity-email-confirmed.png'), fullPage: true });

      // The link works once; opened again it says why it does not work, and where to go.
      await page.goto(`${origin}/email-change/${token}`);
      await page.getByRole('button', { name: 'Confirm my new email' }).click();
      await heading(page, 'This link did not work');
      await page.getByRole('alert').getByText('This link has already been used.').waitFor();
      await expectNoSeriousViolations(page, 'a used link', 'main');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await expect.poll(() => pathname(page)).toBe('/login');
    } finally {
      await context.close();
    }
    await admin.reload();
    await admin.getByRole('heading', { name: /^Status:/ }).waitFor();
    expect(await admin.getByLabel('Email', { exact: true }).inputValue()).toBe(next);
    expect(
      await admin.getByRole('heading', { name: 'New login email waiting for confirmation' }).count(),
    ).toBe(0);
  });
});

describe("an admin's change reaches a signed-in person", () => {
  it("a client's open tab shows the company's files once the admin links her, without a new sign-in", async () => {
    await openPerson('basic@acme.test');
    await setCompany('No company');

    const context = await newContext();
    try {
      const client = await context.newPage();
      await signIn(client, origin, 'basic@acme.test');
      await client.goto(`${origin}/resources`);
      // Without a company: only what the coach sends her alone, and no form to send the company a file.
      await client.getByText('Files your coach sends you are yours alone.').waitFor();
      expect(await client.getByRole('heading', { name: 'Send a file to your coach' }).count()).toBe(0);

      await setCompany('Brightwater Plumbing & Heating');
      await browse(client);
      await client.getByRole('heading', { name: 'Your files' }).waitFor();
      await client.getByText('Price list.csv').first().waitFor();
      await client.getByRole('heading', { name: 'Send a file to your coach' }).waitFor();
      expect(await client.getByText('Files your coach sends you are yours alone.').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("a deactivated client's open tab says the account was deactivated, and what to do", async () => {
    const context = await newContext();
    try {
      const client = await context.newPage();
      await signIn(client, origin, 'basic@acme.test');
      await openPerson('basic@acme.test');
      await admin.getByRole('button', { name: 'Deactivate' }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
      await admin.getByRole('heading', { name: 'Status: Deactivated' }).waitFor();

      await browse(client);
      await toastOf(
        client,
        'This account has been deactivated. Ask your coaching team to reactivate it if you need it again.',
      ).waitFor();
      await expect.poll(() => pathname(client)).toBe('/login');
      expect(await toastOf(client, 'Session Expired').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
