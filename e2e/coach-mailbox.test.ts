/**
 * The coach's mailbox and requests in Chromium against the real API (PGlite, seeded), with the demo client on
 * the other side: the client writes, the coach (password and mailed code) sees the badge, opens the thread from
 * the notification mail's link, answers with an attachment; the client reads it (and its file) and replies, and
 * the coach's badge moves. A ticket filed on the client's Help page goes from new to in progress to done with an
 * answer the client is mailed. axe on the mailbox, a thread, compose and requests at 1280 and 375 px in two
 * tenants; the loading, empty and error states; keyboard use (screenshots in test-results/).
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PNG,
  accessibleAtBothWidths,
  SHOTS,
  expectLoadFailedThenRetry,
  fromMail,
  newContext,
  signIn,
  toastOf,
  useAppStack,
} from './app-support';

const CLIENT = 'client@demo.test';
const COACH = 'coach@demo.test';
const SUBJECT = 'Can we talk about the hiring plan?';
const TICKET = 'The metrics chart shows last year';
const FILE_NAME = 'hiring plan.png';
const app = useAppStack(['demo', 'acme']);

let contexts: BrowserContext[] = [];
let client: Page;
let coach: Page;
let origin: string;

beforeAll(async () => {
  origin = app.stack.urls.demo!;
  const [clientContext, coachContext] = await Promise.all([newContext(), newContext()]);
  contexts = [clientContext, coachContext];
  [client, coach] = await Promise.all([clientContext.newPage(), coachContext.newPage()]);
  await signIn(client, origin, CLIENT);
});

afterAll(() => Promise.all(contexts.map((context) => context.close())));

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `coach-mailbox-${name}.png`), fullPage: true });

/** A side-menu item's unread count; 0 when it shows no badge. */
async function badge(page: Page, item: RegExp): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: item });
  return Number(/(\d+) unread/.exec((await link.textContent()) ?? '')?.[1] ?? 0);
}
const coachBadge = () => badge(coach, /^Messages/);
const clientBadge = () => badge(client, /My Messages/);

describe('the coach answers a client (demo)', () => {
  let since: number;
  let replied: number;
  let before: number;

  it('the client writes to their coach, and files a ticket on Help', async () => {
    await client.goto(`${origin}/messages/compose`);
    const form = client.getByRole('region', { name: 'New message' });
    await form.getByLabel('Subject').fill(SUBJECT);
    await form.getByLabel('Message').fill('I would like to hire two apprentices this spring.');
    since = Date.now() - 1000;
    await form.getByRole('button', { name: 'Send' }).click();
    await toastOf(client, 'Message sent').waitFor();

    await client.goto(`${origin}/help`);
    const ticket = client.getByRole('form', { name: 'Contact support' });
    await ticket.getByLabel('Topic').selectOption({ label: 'Something does not work' });
    await ticket.getByLabel('Subject').fill(TICKET);
    await ticket.getByLabel('Message').fill('Since this morning the chart starts in January of last year.');
    await ticket.getByRole('button', { name: 'Submit ticket' }).click();
    await toastOf(client, 'Ticket submitted, we will get back to you soon.').waitFor();
  });

  it('the coach signs in with the mailed code and sees the unread badge', async () => {
    await signIn(coach, origin, COACH);
    expect(new URL(coach.url()).pathname).toBe('/coach');
    await expect.poll(coachBadge).toBeGreaterThan(0);
    before = await coachBadge();
  });

  it("lists the client's thread, unread and first, with no serious accessibility problem", async () => {
    await coach
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /^Messages/ })
      .click();
    const threads = coach.getByRole('list', { name: 'Threads' });
    await threads.waitFor();
    const first = threads.getByRole('listitem').first();
    expect(await first.innerText()).toContain(SUBJECT);
    expect(await first.getAttribute('class')).toContain('unread');
    await shot(coach, 'mailbox');
    await accessibleAtBothWidths(coach, 'mailbox');
  });

  it("the notification mail's link opens the thread, which is then read: the badge drops", async () => {
    const link = await fromMail(COACH, since, /https:\/\/\S+(\/coach\/messages\/\d+)/);
    await coach.goto(`${origin}${link}`);
    await coach.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await expect.poll(coachBadge).toBe(before - 1);
    // The server agrees: after a reload the count stays down, and the list shows the thread read.
    await coach.reload();
    await coach.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await expect.poll(coachBadge).toBe(before - 1);
    await shot(coach, 'thread');
    await accessibleAtBothWidths(coach, 'thread');
  });

  it('answers with an attachment, using the keyboard', async () => {
    const reply = coach.getByRole('region', { name: 'Reply' });
    const messages = coach.getByRole('article');
    const count = await messages.count();
    await reply.getByLabel('Your reply').focus();
    await coach.keyboard.type('Yes: the plan is attached, let us go through it on Thursday.');
    await reply
      .getByLabel('Attach files')
      .setInputFiles({ name: FILE_NAME, mimeType: 'image/png', buffer: PNG });
    const send = reply.getByRole('button', { name: 'Send reply' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.focus();
    replied = Date.now() - 1000;
    await coach.keyboard.press('Enter');
    await toastOf(coach, 'Message sent').waitFor();
    await expect.poll(() => messages.count()).toBe(count + 1);
    const mine = messages.last();
    expect(await mine.innerText()).toContain('let us go through it on Thursday');
    await mine.getByRole('button', { name: `Download ${FILE_NAME}` }).waitFor();
    // Nothing is left in the form once sent.
    expect(await reply.getByLabel('Your reply').inputValue()).toBe('');
  });

  it("the client's badge and mail follow; they read the answer, fetch its file and reply", async () => {
    expect(await fromMail(CLIENT, replied, /(Yes: the plan is attached)/)).toBe('Yes: the plan is attached');
    await client.goto(`${origin}/messages`);
    await expect.poll(clientBadge).toBeGreaterThan(0);
    const unreadBefore = await clientBadge();
    const answer = `Re: ${SUBJECT}`;
    await client.getByRole('list', { name: 'Inbox' }).getByRole('link', { name: answer }).first().click();
    await client.getByRole('heading', { level: 2, name: SUBJECT }).waitFor();
    await expect.poll(clientBadge).toBe(unreadBefore - 1);
    const coachs = client.getByRole('article').last();
    expect(await coachs.innerText()).toContain('let us go through it on Thursday');
    const [download] = await Promise.all([
      client.waitForEvent('download'),
      coachs.getByRole('button', { name: `Download ${FILE_NAME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);

    const reply = client.getByRole('region', { name: 'Reply' });
    await reply.getByLabel('Your reply').fill('Thursday works, thank you.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await toastOf(client, 'Message sent').waitFor();
  });

  it("the coach's badge moves with the client's reply, and reading it brings it down", async () => {
    // On the mailbox, not the thread: opening the thread would read the reply at once.
    await coach.goto(`${origin}/coach/messages`);
    await expect.poll(coachBadge).toBe(before);
    const thread = coach.getByRole('list', { name: 'Threads' }).getByRole('listitem').first();
    expect(await thread.innerText()).toContain(SUBJECT);
    expect(await thread.getAttribute('class')).toContain('unread');
    await thread.getByRole('link').focus();
    await coach.keyboard.press('Enter');
    await coach.getByRole('article').last().getByText('Thursday works, thank you.').waitFor();
    await expect.poll(coachBadge).toBe(before - 1);
  });

  it('composes a message to a chosen client, which opens as its own thread', async () => {
    await coach.goto(`${origin}/coach/messages/new`);
    const to = coach.getByLabel('To');
    await to.waitFor();
    await shot(coach, 'compose');
    await accessibleAtBothWidths(coach, 'compose');
    await to.selectOption({ index: 1 });
    const chosen = (await to.locator('option:checked').innerText()).replace(/ \(.*\)$/, '');
    await coach.getByLabel('Subject').fill('Your numbers for March');
    await coach.getByLabel('Message', { exact: true }).fill('Could you enter March before our call?');
    await coach.getByRole('button', { name: 'Send', exact: true }).click();
    await toastOf(coach, 'Message sent').waitFor();
    await coach.getByRole('heading', { level: 1, name: 'Your numbers for March' }).waitFor();
    expect(new URL(coach.url()).pathname).toMatch(/^\/coach\/messages\/\d+$/);
    expect(await coach.locator('.thread-with').innerText()).toBe(`With ${chosen}`);
  });

  it("another address's thread, or none, is not found", async () => {
    await coach.goto(`${origin}/coach/messages/2147483647`);
    await coach.getByRole('heading', { name: 'Message not found' }).waitFor();
    await coach.goto(`${origin}/coach/messages/abc`);
    await coach.getByRole('heading', { name: 'Message not found' }).waitFor();
  });
});

describe("the coach's requests (demo)", () => {
  const row = () =>
    coach.getByRole('list', { name: 'Requests' }).getByRole('article').filter({ hasText: TICKET });

  it('lists the new ticket with its client and text, filtered by kind and status', async () => {
    await coach.goto(`${origin}/coach/requests`);
    await row().waitFor();
    expect(await row().locator('.request-status').innerText()).toBe('New');
    expect(await row().innerText()).toContain('Since this morning the chart starts in January');
    await coach.getByLabel('Kind').selectOption({ label: 'Referral' });
    await expect.poll(() => row().count()).toBe(0);
    await coach.getByLabel('Kind').selectOption({ label: 'Ticket' });
    await coach.getByLabel('Status', { exact: true }).first().selectOption({ label: 'New' });
    await row().waitFor();
    expect(new URL(coach.url()).search).toBe('?kind=tickets&status=new');
    await shot(coach, 'requests');
    await accessibleAtBothWidths(coach, 'requests');
  });

  it('moves the ticket to in progress, then to done with an answer the client is mailed', async () => {
    await coach.goto(`${origin}/coach/requests?kind=tickets`);
    await row().getByLabel('Status').selectOption({ label: 'In progress' });
    await row().getByRole('button', { name: 'Save' }).click();
    await toastOf(coach, 'Request updated').waitFor();
    await expect.poll(() => row().locator('.request-status').innerText()).toBe('In progress');

    await row().getByLabel('Status').selectOption({ label: 'Done' });
    const answer = 'Fixed: the chart now starts with this year. Thanks for telling us.';
    await row()
      .getByLabel(/^Answer .* by mail/)
      .fill(answer);
    const since = Date.now() - 1000;
    await row().getByRole('button', { name: 'Save' }).click();
    await toastOf(coach, 'Request updated and your answer mailed').waitFor();
    await expect.poll(() => row().locator('.request-status').innerText()).toBe('Done');
    // Quoted-printable may break the mailed line: its start is enough to know it is the answer.
    expect(await fromMail(CLIENT, since, /(Fixed: the chart now starts)/)).toBe(
      'Fixed: the chart now starts',
    );
    // The server kept it: after a reload the ticket is still done.
    await coach.reload();
    await expect.poll(() => row().locator('.request-status').innerText()).toBe('Done');
  });

  it('a refused answer keeps what was typed', async () => {
    await coach.goto(`${origin}/coach/requests?kind=tickets`);
    const typed = 'An answer the server refuses this once.';
    await coach.route('**/api/v1/coach/requests/tickets/*', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ error: { reply: ['The answer could not be sent.'] } }),
      }),
    );
    try {
      await row()
        .getByLabel(/^Answer .* by mail/)
        .fill(typed);
      await row().getByRole('button', { name: 'Save' }).click();
      await row().getByText('The answer could not be sent.').waitFor();
      expect(
        await row()
          .getByLabel(/^Answer .* by mail/)
          .inputValue(),
      ).toBe(typed);
    } finally {
      await coach.unroute('**/api/v1/coach/requests/tickets/*');
    }
  });
});

describe("the coach's screens: loading, empty and error states", () => {
  it('shows the loading state, then what could not be loaded with Try again', async () => {
    await expectLoadFailedThenRetry(coach, {
      path: '/api/v1/coach/messages',
      what: 'Your messages',
      loading: true,
      open: () => coach.goto(`${origin}/coach/messages`),
      loaded: () => coach.getByRole('list', { name: 'Threads' }).waitFor(),
    });
  });

  it('says so when a client has no messages or the filters match no request', async () => {
    await coach.route('**/api/v1/coach/messages?client_id=*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":[]}' }),
    );
    try {
      await coach.goto(`${origin}/coach/messages?client=1`);
      await coach.getByText('No messages with this client yet.').waitFor();
    } finally {
      await coach.unroute('**/api/v1/coach/messages?client_id=*');
    }
    await coach.goto(`${origin}/coach/requests?kind=referrals&status=in_progress`);
    await coach.getByText('No requests match these filters.').waitFor();
  });
});

describe('a second tenant (acme)', () => {
  it('the mailbox, a thread, compose and requests have no serious accessibility problem', async () => {
    const acme = app.stack.urls.acme!;
    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, acme, 'coach@acme.test');
    await page.goto(`${acme}/coach/messages`);
    const threads = page.getByRole('list', { name: 'Threads' });
    await threads.waitFor();
    await accessibleAtBothWidths(page, 'acme mailbox');
    await threads.getByRole('link').first().click();
    await page.getByRole('region', { name: 'Reply' }).waitFor();
    await accessibleAtBothWidths(page, 'acme thread');
    await page.goto(`${acme}/coach/messages/new`);
    await page.getByLabel('To').waitFor();
    await accessibleAtBothWidths(page, 'acme compose');
    await page.goto(`${acme}/coach/requests`);
    await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    await page.locator('.requests, .empty-state').first().waitFor();
    await accessibleAtBothWidths(page, 'acme requests');
    await page.screenshot({ path: path.join(SHOTS, 'coach-mailbox-acme-requests.png'), fullPage: true });
  });
});
