/**
 * The mailbox in Chromium against the real API (PGlite, seeded): the demo client reads an unread message (the
 * menu badge drops), replies with an attachment, downloads it back, deletes it, lists Sent; axe on inbox,
 * thread, Sent and compose, and compose's refused subject shown beside the field (screenshots in test-results/).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG, expectNoSeriousViolations, toastOf, useAppStack, useSignedInPage } from './app-support';

const EMAIL = 'client@demo.test';
// Spaces, a dash and a non-ASCII letter: the download must come back under exactly this name. (Quotes are the
// API's test: Chromium itself turns '"' into '_' in the name of a file it saves.)
const FILE_NAME = 'Q1 receipt – café.png';
const app = useAppStack(['demo']);
const user = useSignedInPage(app, 'demo', EMAIL, 'mailbox');

let page: Page;
let origin: string;

beforeAll(() => {
  ({ page, origin } = user);
});

const shot = user.shot;
const toast = (text: string) => toastOf(page, text);
const menuItem = () =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /My Messages/ });
/** The badge's count; 0 when it is not shown. */
const unreadCount = async () => Number(/(\d+) unread/.exec((await menuItem().textContent()) ?? '')?.[1] ?? 0);

const noSeriousViolations = (where: string) => expectNoSeriousViolations(page, where);

describe('mailbox (demo client)', () => {
  it('reading an unread message marks it read and the badge drops', async () => {
    await page.goto(`${origin}/messages`);
    const inbox = page.getByRole('list', { name: 'Inbox' });
    await inbox.waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages/inbox');
    await expect.poll(unreadCount).toBeGreaterThan(0);
    const before = await unreadCount();
    await shot('inbox');
    await noSeriousViolations('inbox');

    const unreadRow = inbox.locator('li.unread').first();
    const subject = await unreadRow.locator('.mail-subject').innerText();
    await unreadRow.getByRole('link').click();
    await page.getByRole('heading', { level: 2, name: subject }).waitFor();
    await expect.poll(unreadCount).toBe(before - 1);
    // The server agrees: after a reload the count stays down.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: subject }).waitFor();
    await expect.poll(unreadCount).toBe(before - 1);
    await shot('thread');
    await noSeriousViolations('thread');
  });

  it('replies with an attachment, then downloads it under its own name', async () => {
    const reply = page.getByRole('region', { name: 'Reply' });
    const messages = page.getByRole('article');
    const count = await messages.count();
    await reply.getByLabel('Your reply').fill('Thanks! The receipt is attached.');
    await reply
      .getByLabel('Attach files')
      .setInputFiles({ name: FILE_NAME, mimeType: 'image/png', buffer: PNG });
    const send = reply.getByRole('button', { name: 'Send reply' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    // A second file, removed before sending: the API drops the upload (through the site's proxy).
    await reply
      .getByLabel('Attach files')
      .setInputFiles({ name: 'extra.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => send.isEnabled()).toBe(true);
    const removed = page.waitForResponse((r) => r.url().endsWith('/delete/mail'));
    await reply.getByRole('button', { name: 'Remove extra.png' }).click();
    expect((await removed).status()).toBe(200);
    await send.click();
    await toast('Message sent').waitFor();
    await expect.poll(() => messages.count()).toBe(count + 1);
    const mine = messages.last();
    expect(await mine.innerText()).toContain('Thanks! The receipt is attached.');
    expect(await mine.getByRole('button', { name: /^Download/ }).count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      mine.getByRole('button', { name: `Download ${FILE_NAME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    const target = path.join(app.stack.work, 'downloaded.png');
    await download.saveAs(target);
    expect(await readFile(target)).toEqual(PNG);
  });

  it('deletes a message after a confirmation', async () => {
    const messages = page.getByRole('article');
    const count = await messages.count();
    await messages
      .last()
      .getByRole('button', { name: /^Delete/ })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this message?' });
    await dialog.getByRole('button', { name: 'Delete message', exact: true }).click();
    await toast('Message deleted').waitFor();
    await expect.poll(() => messages.count()).toBe(count - 1);
    await page.reload();
    await messages.first().waitFor();
    expect(await messages.count()).toBe(count - 1);
  });

  it('Sent lists what the client sent (not the deleted reply), with no serious accessibility problem', async () => {
    await page.getByRole('link', { name: 'Sent', exact: true }).click();
    const sent = page.getByRole('list', { name: 'Sent' });
    await sent.waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages/sent');
    await sent.getByText('They agreed to 45 days.').waitFor();
    expect(await sent.getByText('Thanks! The receipt is attached.').count()).toBe(0);
    await shot('sent');
    await noSeriousViolations('sent');
  });

  it('compose has no serious accessibility problem', async () => {
    await page.goto(`${origin}/messages/compose`);
    await page.getByRole('region', { name: 'New message' }).waitFor();
    await shot('compose');
    await noSeriousViolations('compose');
  });

  it("compose shows the API's refusal beside the subject, keeps what was typed, and says it once", async () => {
    const form = page.getByRole('region', { name: 'New message' });
    // Blanks pass the browser's `required`; the API refuses a subject that is blank once trimmed.
    const subject = form.getByLabel('Subject');
    await subject.fill('   ');
    await form.getByLabel('Message').fill('Can we move Thursday?');
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/gapi') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await answered).status()).toBe(422);
    const sentence = 'Write a subject of at most 200 characters.';
    await expect.poll(() => subject.getAttribute('aria-invalid')).toBe('true');
    // The field is described by its hint (the limit) and then by the refusal.
    const describedBy = ((await subject.getAttribute('aria-describedby')) ?? '').split(' ');
    expect(await page.locator(`[id="${describedBy[0]}"]`).innerText()).toMatch(/^At most 200 characters/);
    expect(await page.locator(`[id="${describedBy[1]}"]`).innerText()).toBe(sentence);
    // The keyboard is taken to the field to fix, and no toast says it a second time.
    await expect.poll(() => subject.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.Toastify').getByText(sentence).count()).toBe(0);
    expect(await form.getByLabel('Message').inputValue()).toBe('Can we move Thursday?');
    await shot('compose-refused');
    await noSeriousViolations('compose with a refused subject');
  });
});
