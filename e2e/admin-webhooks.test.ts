/**
 * Webhooks out in Chromium against the real API (PGlite, seeded) and a receiver of this test's own on 127.0.0.1
 * (a node:http server): the demo admin adds an endpoint for two events (a URL without its scheme is refused in
 * words first), copies the secret shown once; the demo client files a ticket on Help, and the receiver gets it,
 * signed with that secret; the endpoint's history shows it delivered, and "Send again" delivers the same event
 * id once more; a new secret is asked for first, and the old one signs beside it. axe on both pages at 1280 and
 * 375 px in two tenants; the loading, error, empty and not-found
 * states; the add form used from the keyboard (screenshots in test-results/).
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../api/src/services/webhooks/signature';
import {
  SHOTS,
  accessibleAtBothWidths,
  expectLoadFailedThenRetry,
  newContext,
  signIn,
  toastOf,
  useAppStack,
} from './app-support';

const app = useAppStack(['demo', 'acme']);

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Delivery[] = [];
let receiver: Server;
let receiverUrl: string;
let contexts: BrowserContext[] = [];
let admin: Page;
let client: Page;
let origin: string;
let secret: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-events`;
  origin = app.stack.urls.demo!;
  const [adminContext, clientContext] = await Promise.all([newContext(), newContext()]);
  contexts = [adminContext, clientContext];
  [admin, client] = await Promise.all([adminContext.newPage(), clientContext.newPage()]);
  await signIn(admin, origin, 'admin@demo.test');
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `admin-webhooks-${name}.png`), fullPage: true });

const ticketsReceived = () => received.filter((d) => d.headers['portal-event-type'] === 'ticket.created');

describe('an admin connects their CRM (demo)', () => {
  it('starts with no endpoint, and the page has no serious accessibility problem', async () => {
    await admin.goto(`${origin}/admin/webhooks`);
    await admin.getByText('No endpoints yet: add the first one below.').waitFor();
    await accessibleAtBothWidths(admin, 'webhooks, empty');
  });

  it('adds an endpoint for two events from the keyboard; the secret is shown once', async () => {
    const form = admin.locator('form', { has: admin.getByRole('heading', { name: 'Add an endpoint' }) });
    const url = form.getByLabel('Endpoint URL');
    // The hint says what a test server takes besides https.
    expect(await url.getAttribute('aria-describedby')).toBeTruthy();
    await form
      .getByText('On a test or development server, http://127.0.0.1 and http://localhost work too.')
      .waitFor();
    await url.fill('crm.example.com/hooks');
    await url.press('Enter');
    await form.getByText('Enter a full web address, like https://crm.example.com/hooks/portal.').waitFor();
    expect(await url.evaluate((input) => input === document.activeElement)).toBe(true);

    await url.fill(receiverUrl);
    await form.getByLabel('Only these:').check();
    await form.getByLabel(/A support ticket is filed/).check();
    await form.getByLabel(/A message is sent/).check();
    await url.focus();
    await url.press('Enter');
    const shown = admin.getByLabel('Secret');
    await shown.waitFor();
    secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await shot(admin, 'secret');
    await accessibleAtBothWidths(admin, 'webhooks, secret shown');
    await admin.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => admin.getByLabel('Secret').count()).toBe(0);
    const row = admin.getByRole('list', { name: 'Endpoints' }).getByRole('link');
    expect(await row.innerText()).toContain('2 events');
  });

  it("delivers the client's ticket to the receiver, signed with that secret", async () => {
    await signIn(client, origin, 'client@demo.test');
    await client.goto(`${origin}/help`);
    const ticket = client.getByRole('form', { name: 'Contact support' });
    await ticket.getByLabel('Topic').selectOption({ label: 'Something does not work' });
    await ticket.getByLabel('Subject').fill('The chart starts last year');
    await ticket.getByLabel('Message').fill('Since this morning the chart starts in January of last year.');
    await ticket.getByRole('button', { name: 'Submit ticket' }).click();
    await toastOf(client, 'Ticket submitted, we will get back to you soon.').waitFor();

    await expect.poll(() => ticketsReceived().length, { timeout: 30_000 }).toBe(1);
    const [delivery] = ticketsReceived();
    const signature = delivery!.headers['portal-signature'] as string;
    expect(verifySignature(secret, signature, delivery!.body, Math.floor(Date.now() / 1000))).toBe(true);
    const body = JSON.parse(delivery!.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ id: delivery!.headers['portal-event-id'], type: 'ticket.created' });
    expect(body.data).toMatchObject({ category: 'technical' });
    expect(delivery!.body).not.toContain('January');
  });

  it('shows the delivery in the history, and "Send again" delivers the same event once more', async () => {
    await admin.getByRole('list', { name: 'Endpoints' }).getByRole('link').click();
    const deliveries = admin.getByRole('list', { name: 'Deliveries' });
    await deliveries.waitFor();
    const item = deliveries.getByRole('listitem').first();
    await item.getByText('Delivered').waitFor();
    expect(await item.innerText()).toMatch(/ticket\.created[\s\S]*HTTP 204/);
    await shot(admin, 'endpoint');
    await accessibleAtBothWidths(admin, 'endpoint with its history');

    const [first] = ticketsReceived();
    await item.getByRole('button', { name: /Send again/ }).click();
    await toastOf(admin, 'Sending again').waitFor();
    await expect.poll(() => ticketsReceived().length, { timeout: 30_000 }).toBe(2);
    const again = ticketsReceived()[1]!;
    expect(again.headers['portal-event-id']).toBe(first!.headers['portal-event-id']);
    expect(again.body).toBe(first!.body);
    await expect
      .poll(async () => (await item.innerText()).match(/Attempts\s*(\d+)/)?.[1], { timeout: 30_000 })
      .toBe('2');
  });

  it('asks before making a new secret, shown once; the old one signs beside it for a day', async () => {
    await admin.getByRole('button', { name: 'New secret' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Make a new secret?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('for 24 hours, then with the new one only');
    await accessibleAtBothWidths(admin, 'new secret confirmation');
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await admin.getByLabel('Secret').count()).toBe(0);
    await admin.getByRole('button', { name: 'New secret' }).click();
    await admin
      .getByRole('alertdialog', { name: 'Make a new secret?' })
      .getByRole('button', { name: 'Make a new secret' })
      .click();
    // Exactly: the closing dialog's name ("Make a new secret?") holds the word too.
    const shown = admin.getByLabel('Secret', { exact: true });
    await shown.waitFor();
    const fresh = await shown.inputValue();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    await admin.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => admin.getByLabel('Secret').count()).toBe(0);
    const item = admin.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first();
    await item.getByRole('button', { name: /Send again/ }).click();
    await expect.poll(() => ticketsReceived().length, { timeout: 30_000 }).toBe(3);
    const third = ticketsReceived()[2]!;
    const signature = third.headers['portal-signature'] as string;
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(fresh, signature, third.body, now)).toBe(true);
    expect(verifySignature(secret, signature, third.body, now)).toBe(true);
    await admin.getByText(/The old secret signs deliveries too until/).waitFor();
  });

  it('edits the events, disables the endpoint and deletes it after a confirmation', async () => {
    await admin.getByLabel('All events, including those added later').check();
    await admin.getByRole('button', { name: 'Save events' }).click();
    await toastOf(admin, 'Events saved').waitFor();
    await admin.getByRole('button', { name: 'Disable' }).click();
    await admin.getByText('Disabled: no event is posted here').waitFor();
    await admin.getByRole('button', { name: 'Delete' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Delete this endpoint?' });
    await dialog.waitFor();
    await accessibleAtBothWidths(admin, 'delete confirmation');
    await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await admin.getByText('No endpoints yet: add the first one below.').waitFor();
  });
});

describe('loading, error and not-found states', () => {
  it('shows the loading state, then what could not be loaded with Try again', async () => {
    await expectLoadFailedThenRetry(admin, {
      path: '/api/v1/admin/webhooks',
      what: 'The webhook endpoints',
      loading: true,
      open: () => admin.goto(`${origin}/admin/webhooks`),
      loaded: () => admin.getByText('No endpoints yet: add the first one below.').waitFor(),
    });
  });

  it('says an unknown endpoint is not found', async () => {
    await admin.goto(`${origin}/admin/webhooks/999999`);
    await admin.getByRole('heading', { name: 'Endpoint not found' }).waitFor();
    await admin.goto(`${origin}/admin/webhooks/abc`);
    await admin.getByRole('heading', { name: 'Endpoint not found' }).waitFor();
  });
});

describe('a second tenant (acme)', () => {
  it('both pages have no serious accessibility problem, the history empty', async () => {
    const acme = app.stack.urls.acme!;
    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, acme, 'admin@acme.test');
    await page.goto(`${acme}/admin/webhooks`);
    await page.getByText('No endpoints yet: add the first one below.').waitFor();
    await accessibleAtBothWidths(page, 'acme webhooks');
    await page.getByLabel('Endpoint URL').fill('https://crm.acme.example/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('Secret').waitFor();
    await page.getByRole('link', { name: 'Open the new endpoint' }).click();
    await page.getByText('Nothing delivered yet: events will show here as they are sent.').waitFor();
    await accessibleAtBothWidths(page, 'acme endpoint');
    await page.screenshot({ path: path.join(SHOTS, 'admin-webhooks-acme-endpoint.png'), fullPage: true });
  });
});
