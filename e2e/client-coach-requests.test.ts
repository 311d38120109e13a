/**
 * A client coached on their own, and a ticket answered, in Chromium against the real API (PGlite, seeded). The
 * admin takes basic@demo.test out of their company and away from their coach (with group coaching on): the client
 * lands on /groups and is told they have no coach yet. Given the demo coach again, still without a company, the
 * coach sends them a file from the client's page (no company to choose, the file theirs alone) and the client
 * lists and downloads it on /resources, named alike on both screens. The client files a ticket on /help (a subject
 * past 200 characters refused beside the field, not cut), the coach is mailed and answers it on Requests, whose
 * top bar names the page, and the client reads the answer under Your tickets; axe at 1280 and 375 px.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PNG,
  accessibleAtBothWidths,
  fromMail,
  newContext,
  signIn,
  toastOf,
  useAppStack,
  useSignedInPage,
} from './app-support';

const CLIENT = 'basic@demo.test';
const FILE_NAME = 'Your plan.png';
// One unbroken word of 150 characters: it must wrap on a phone, not run off the card.
const SUBJECT = `Invoice${'x'.repeat(143)}`;
const app = useAppStack(['demo']);
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'client-coach-requests');

let origin: string;
let page: Page;
let clientContext: BrowserContext;
let client: Page;
let adminHeaders: Record<string, string>;
let clientId: number;
let coachId: number;

/** The admin's API, as the admin's own pages call it. */
async function admin(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await fetch(`${app.stack.apiUrl}${url}`, {
    method,
    headers: { ...adminHeaders, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${url}`).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

async function person(email: string) {
  const people = (await admin('GET', `/api/v1/admin/people?search=${encodeURIComponent(email)}`)) as {
    id: number;
    email: string;
    coach_id: number | null;
  }[];
  return people.find((p) => p.email === email)!;
}

beforeAll(async () => {
  ({ page, origin } = coach);
  // The admin's token, read off the admin's own first call.
  const adminContext = await newContext();
  const adminPage = await adminContext.newPage();
  const asked = adminPage.waitForRequest((r) => r.url().includes('/api/v1/admin/people'));
  await signIn(adminPage, origin, 'admin@demo.test');
  const headers = (await asked).headers();
  adminHeaders = { authorization: headers['authorization']!, 'x-tenant-id': headers['x-tenant-id']! };
  await adminContext.close();
  // client@ is the demo coach's client: their coach_id names the coach.
  coachId = (await person('client@demo.test')).coach_id!;
  clientId = (await person(CLIENT)).id;
  await admin('POST', `/api/v1/admin/people/${clientId}`, {
    company_id: null,
    coach_id: null,
    flags: { group_coaching: true, flash_coaching: null, business_academy: null },
  });
  clientContext = await newContext();
  client = await clientContext.newPage();
});
afterAll(() => clientContext?.close());

describe('a client coached on their own', () => {
  it('without a coach, lands on /groups and is told they have no coach yet and what happens', async () => {
    await signIn(client, origin, CLIENT);
    await client.goto(`${origin}/`);
    await client.getByRole('heading', { level: 1, name: 'My Groups' }).waitFor();
    await client.getByText('You have no coach yet, so you are in no group.', { exact: false }).waitFor();
    expect(await client.getByText('Your coach will invite you.').count()).toBe(0);
    await accessibleAtBothWidths(client, 'groups without a coach');
  });

  it("gets files from their coach without a company: sent from the client's page, listed and downloaded on /resources", async () => {
    await admin('POST', `/api/v1/admin/people/${clientId}`, { coach_id: coachId });
    await page.goto(`${origin}/coach/clients/${clientId}`);
    const files = page.getByRole('region', { name: 'Files' });
    await files.getByText('has no company: the files are for them alone.', { exact: false }).waitFor();
    expect(await files.getByRole('group', { name: 'Send to' }).count()).toBe(0);
    await files
      .getByLabel('Choose files')
      .setInputFiles({ name: FILE_NAME, mimeType: 'image/png', buffer: PNG });
    const sent = page.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'POST');
    await files.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    expect(((await answer.json()) as { data: { to: string; company_id: null } }).data).toMatchObject({
      to: 'client',
      company_id: null,
    });
    await toastOf(page, 'File sent').waitFor();
    const row = files.getByRole('listitem').filter({ hasText: FILE_NAME });
    // One size rule: the PNG's bytes in B, as /resources says them.
    expect(await row.innerText()).toContain(`Sent by you, for the client alone`);
    expect(await row.innerText()).toContain(`${PNG.length} B`);
    await accessibleAtBothWidths(page, "the coach's page of a client without a company");

    await client.goto(`${origin}/resources`);
    const entry = client.getByRole('article').filter({ hasText: FILE_NAME });
    expect(await entry.getByRole('heading').innerText()).toMatch(/^From your coach, .+, for you alone$/);
    expect(await entry.innerText()).toContain(`${PNG.length} B`);
    const [download] = await Promise.all([
      client.waitForEvent('download'),
      entry.getByRole('button', { name: `Download ${FILE_NAME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    const target = path.join(app.stack.work, 'individual.png');
    await download.saveAs(target);
    expect(await readFile(target)).toEqual(PNG);
    await accessibleAtBothWidths(client, '/resources without a company');
  });
});

describe('a ticket and its answer', () => {
  it('says the subject’s limit, refuses a longer one beside the field, and lists the sent ticket', async () => {
    await client.goto(`${origin}/help`);
    const form = client.getByRole('form', { name: 'Contact support' });
    const subject = form.getByLabel('Subject');
    await subject.fill('y'.repeat(201));
    expect(await subject.inputValue()).toHaveLength(201);
    await form.getByLabel('Message').fill('The next invoice should go to our new address.');
    await form.getByRole('button', { name: 'Submit ticket' }).click();
    await form.getByText('Shorten the subject to 200 characters: it has 201.').waitFor();

    await subject.fill(SUBJECT);
    const since = Date.now() - 1000;
    await form.getByRole('button', { name: 'Submit ticket' }).click();
    await toastOf(client, 'Ticket submitted, we will get back to you soon.').waitFor();
    const tickets = client.getByRole('region', { name: 'Your tickets' });
    const ticket = tickets.getByRole('article').filter({ hasText: SUBJECT });
    await ticket.getByText('Received').waitFor();
    // The coach is mailed of it.
    expect(
      await fromMail('coach@demo.test', since, /^Subject: (New support request from [^\r\n]+)/m),
    ).toMatch(/^New support request from \S+ \S+$/);
  });

  it("is answered on the coach's Requests page, whose top bar names the page, and shows there", async () => {
    await page.goto(`${origin}/coach/requests?kind=tickets`);
    expect(await page.locator('.topbar-name').innerText()).toBe('Requests');
    const card = page.getByRole('article').filter({ hasText: SUBJECT });
    await card.getByLabel('Status').selectOption({ label: 'Done' });
    await card.getByLabel(/^Answer .* by mail/).fill('Done: the next invoice goes to the new address.');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Answered by', { exact: false }).waitFor();
    expect(await card.innerText()).toContain('Done: the next invoice goes to the new address.');
    await accessibleAtBothWidths(page, 'requests with an answer');
  });

  it('the client reads the answer under Your tickets; a long subject wraps on a phone', async () => {
    await client.goto(`${origin}/help`);
    const ticket = client.getByRole('region', { name: 'Your tickets' }).getByRole('article').filter({
      hasText: SUBJECT,
    });
    await ticket.getByText('Done: the next invoice goes to the new address.').waitFor();
    expect(await ticket.innerText()).toMatch(/Answered by .+/);
    await accessibleAtBothWidths(client, '/help with an answered ticket');
    await coach.shot('answered');
  });
});
