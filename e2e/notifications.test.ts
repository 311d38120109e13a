/**
 * The notification centre in Chromium against the real API (PGlite, seeded): the demo client's bell counts a
 * message the coach sends through the API while the client's page is open (on the shell's next poll: the page's
 * clock is moved on to it, no sleep), the list shows it, opening it goes to the thread and clears it. The
 * settings chosen with the keyboard survive a reload. The mail's unsubscribe link works signed out, for its kind
 * only. axe at 1280 and 375 px on each page (screenshots in test-results/).
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOTS,
  accessibleAtWidths,
  callApiFrom,
  fromMail,
  newContext,
  signIn,
  toastOf,
  useAppStack,
} from './app-support';

const CLIENT = 'client@demo.test';
const COACH = 'coach@demo.test';
const SUBJECT = 'Your notes from Tuesday';
const app = useAppStack(['demo']);

let contexts: BrowserContext[] = [];
let client: Page;
let coach: Page;
let origin: string;
/** When the coach's message was sent: its mail to the client is written after. */
let sentAt: number;

beforeAll(async () => {
  origin = app.stack.urls.demo!;
  const [clientContext, coachContext] = await Promise.all([newContext(), newContext()]);
  contexts = [clientContext, coachContext];
  [client, coach] = await Promise.all([clientContext.newPage(), coachContext.newPage()]);
  // The client's page keeps real time, but the test can move it on to the shell's next poll (a minute).
  await client.clock.install();
  await Promise.all([signIn(client, origin, CLIENT), signIn(coach, origin, COACH)]);
});

afterAll(() => Promise.all(contexts.map((context) => context.close())));

/** A full-page screenshot once the page is still (a width change slides the side menu away as a drawer). */
async function shot(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: path.join(SHOTS, `notifications-${name}.png`), fullPage: true });
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

/** The bell's unread count, read from its name ("Notifications, 3 unread"); 0 when it names none. */
async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** The count after the shell's next poll: the page's clock moved on by the poll's minute. */
async function countAfterNextPoll(page: Page): Promise<number> {
  await page.clock.fastForward(60_000);
  return bellCount(page);
}

const asCoach = (method: string, url: string, body?: unknown) => callApiFrom(coach, method, url, body);

describe('the bell, the list and the thread (demo)', () => {
  let before: number;

  it("counts a message that arrives while the page is open, on the shell's next poll", async () => {
    await client.goto(`${origin}/schedule`);
    await bell(client).waitFor();
    // The seed leaves the demo client something unread, so the bell shows a count on npm start (once the
    // shell's first poll has answered).
    await expect.poll(() => bellCount(client)).toBeGreaterThan(0);
    before = await bellCount(client);

    const clients = await asCoach('GET', '/api/v1/coach/clients');
    const rows = clients.body.data as { id: number; email: string }[];
    const clientId = rows.find((row) => row.email === CLIENT)!.id;
    sentAt = Date.now() - 1000;
    const sent = await asCoach('POST', '/api/v1/coach/messages', {
      client_id: clientId,
      subject: SUBJECT,
      body: '<p>As promised, the three points we agreed on.</p>',
      attachments: [],
    });
    expect(sent.status).toBe(201);

    await expect.poll(() => countAfterNextPoll(client)).toBe(before + 1);
    await shot(client, 'bell');
  });

  it('lists it first, unread; opening it goes to the thread and clears it', async () => {
    await bell(client).click();
    await client.waitForURL(`${origin}/notifications`);
    const list = client.getByRole('list', { name: 'Notifications' });
    const first = list.getByRole('link').first();
    await expect.poll(() => first.textContent()).toMatch(/^Unread: /);
    expect(await first.textContent()).toContain(SUBJECT);
    await accessibleAtWidths(client, [
      { where: 'notifications', open: (width) => shot(client, `list-${width}`) },
    ]);

    // By the keyboard: the link has the focus, Enter opens it.
    await first.focus();
    await client.keyboard.press('Enter');
    await client.waitForURL(/\/messages\/thread\/\d+$/);
    await client.getByRole('heading', { name: SUBJECT }).first().waitFor();
    await expect.poll(() => bellCount(client)).toBe(before);

    // The server agrees: after a reload it is read, and the bell stays down.
    await client.goto(`${origin}/notifications`);
    await expect.poll(() => list.getByRole('link').first().textContent()).not.toMatch(/^Unread: /);
    await expect.poll(() => bellCount(client)).toBe(before);
  });
});

describe('the settings (demo)', () => {
  it('keep a choice made with the keyboard across a reload, and pass axe', async () => {
    await client.goto(`${origin}/notifications/settings`);
    const files = client.getByRole('checkbox', { name: 'Files shared with you: Email' });
    await files.waitFor();
    expect(await files.isChecked()).toBe(true);
    await accessibleAtWidths(client, [
      { where: 'notification settings', open: (width) => shot(client, `settings-${width}`) },
    ]);

    await files.focus();
    await client.keyboard.press('Space');
    expect(await files.isChecked()).toBe(false);
    await client.getByRole('radio', { name: 'Choose my own' }).check();
    await client.getByLabel('From', { exact: true }).fill('22:30');
    await client.getByLabel('To', { exact: true }).fill('07:00');
    await client.getByRole('button', { name: 'Save notification settings' }).focus();
    await client.keyboard.press('Enter');
    await toastOf(client, 'Notification settings saved').waitFor();

    await client.reload();
    await files.waitFor();
    expect(await files.isChecked()).toBe(false);
    expect(await client.getByRole('checkbox', { name: 'New messages: Email' }).isChecked()).toBe(true);
    expect(await client.getByLabel('From', { exact: true }).inputValue()).toBe('22:30');
    expect(await client.getByLabel('To', { exact: true }).inputValue()).toBe('07:00');
  });
});

describe("the coach's notification pages (demo)", () => {
  it('are in the coach’s own tree, with the morning summary, and pass axe', async () => {
    await coach.goto(`${origin}/coach`);
    await bell(coach).click();
    await coach.waitForURL(`${origin}/coach/notifications`);
    await coach.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await accessibleAtWidths(coach, [{ where: 'coach notifications' }]);
    await coach.getByRole('link', { name: 'Notification settings' }).click();
    await coach.waitForURL(`${origin}/coach/notifications/settings`);
    await coach.getByRole('checkbox', { name: /each morning/ }).waitFor();
    expect(
      await coach.getByRole('checkbox', { name: 'New requests from your clients: In the portal' }).count(),
    ).toBe(1);
    await accessibleAtWidths(coach, [
      { where: 'coach notification settings', open: (w) => shot(coach, `coach-settings-${w}`) },
    ]);
  });
});

describe('the unsubscribe link of a mail (demo)', () => {
  it('works signed out, for its kind only, and an altered link is refused', async () => {
    const token = await fromMail(CLIENT, sentAt, /\/api\/v1\/unsubscribe\/([\w-]+\.[\w-]+)/);
    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();

    await page.goto(`${origin}/unsubscribe/${token.slice(0, -2)}xx`);
    await page.getByRole('heading', { name: 'This link did not work' }).waitFor();

    await page.goto(`${origin}/unsubscribe/${token}`);
    await page.getByText('You will no longer get new messages by mail').waitFor();
    await accessibleAtWidths(
      page,
      [{ where: 'unsubscribe', open: (width) => shot(page, `unsubscribe-${width}`) }],
      {
        include: '.login-card',
      },
    );
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: "You're unsubscribed" }).waitFor();

    // Only messages' mail stopped: the client's settings say so, the rest as they were.
    await client.goto(`${origin}/notifications/settings`);
    const messages = client.getByRole('checkbox', { name: 'New messages: Email' });
    await messages.waitFor();
    expect(await messages.isChecked()).toBe(false);
    expect(await client.getByRole('checkbox', { name: 'New messages: In the portal' }).isChecked()).toBe(
      true,
    );
    expect(
      await client.getByRole('checkbox', { name: 'Meetings booked, moved or cancelled: Email' }).isChecked(),
    ).toBe(true);
  });
});
