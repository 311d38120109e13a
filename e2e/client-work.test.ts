/**
 * Client work in Chromium against the real API (PGlite, seeded): the action-steps board by keyboard (toast,
 * survives a reload), team members and tasks, notes, the .ics and commitments downloads, and every screen
 * with the API stopped (an error shown, nothing typed lost).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  useAppStack,
  useSignedInPage,
} from './app-support';

const EMAIL = 'client@demo.test';
const app = useAppStack(['demo']);
const user = useSignedInPage(app, 'demo', EMAIL, 'client-work');

let page: Page;
let origin: string;

beforeAll(() => {
  ({ page, origin } = user);
});

const shot = user.shot;
const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text).first();
const column = (board: string, stage: string) => page.getByRole('region', { name: `${board}: ${stage}` });

/** Resolves when the call to a URL containing `part` has failed or been answered, however the API is down. */
const settled = (part: string) =>
  Promise.race([
    page.waitForResponse((r) => r.url().includes(part)),
    page.waitForEvent('requestfailed', (r) => r.url().includes(part)),
  ]);

async function saved(download: Promise<Download>) {
  const file = await download;
  const target = path.join(app.stack.work, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), text: await readFile(target, 'utf8') };
}

describe('client work (demo client)', () => {
  it('moves an action step to in progress with the keyboard, and it stays there after a reload', async () => {
    await page.goto(`${origin}/action-steps`);
    const title = 'Draft the 13-week cash-flow forecast';
    const todo = column('Action steps', 'To do');
    await todo.getByRole('heading', { name: title }).waitFor();
    const button = todo.getByRole('button', { name: `Move to In progress: ${title}` });
    await button.focus();
    await page.keyboard.press('Enter');
    await toast('Action Step is now in In progress stage').waitFor();
    await column('Action steps', 'In progress').getByRole('heading', { name: title }).waitFor();
    await shot('action-steps');
    await page.reload();
    await column('Action steps', 'In progress').getByRole('heading', { name: title }).waitFor();
    expect(await todo.getByRole('heading', { name: title }).count()).toBe(0);
  });

  it('moves a commitment by drag and drop', async () => {
    const title = 'Take one full day off every week';
    const card = column('Commitments', 'To do').getByRole('article', { name: title });
    await card.dragTo(column('Commitments', 'In progress'));
    await toast('Commitment is now in In progress stage').waitFor();
    await column('Commitments', 'In progress').getByRole('article', { name: title }).waitFor();
  });

  it('downloads the commitments file', async () => {
    const file = await saved(
      Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download commitments' }).click(),
      ]).then(([d]) => d),
    );
    expect(file.name).toBe('commitments.csv');
    expect(file.text).toContain('Commitment,Description,Stage,Due date');
    expect(file.text).toContain('Hold a 15-minute team huddle each Friday');
  });

  it('adds a team member, assigns a task and changes its deadline', async () => {
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Lopez');
    await page.getByRole('button', { name: 'Add member' }).click();
    await toast('Ana Lopez has been successfully added to your team').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Ana Lopez' }).first().waitFor();

    const task = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Post the job ad on two local boards' }) });
    await task.getByLabel('Assign to').selectOption({ label: 'Ana Lopez' });
    await task.getByRole('button', { name: /^Assign/ }).click();
    await toast('Ana Lopez has been assigned the task').waitFor();
    await task.getByRole('definition').filter({ hasText: 'Ana Lopez' }).waitFor();

    await task.getByLabel('New deadline').fill('2027-02-03T14:30');
    await task.getByRole('button', { name: /^Change deadline/ }).click();
    await toast(/^Task deadline has been changed to 2:30 pm, Wednesday, February 3rd, 2027$/).waitFor();
    await shot('team');
  });

  it('creates, edits and deletes a note', async () => {
    await page.goto(`${origin}/notes`);
    const form = page.getByRole('region', { name: 'New note' });
    await form.getByLabel('Title').fill('Call with <b>Sam</b>');
    await form.getByLabel('Note').fill('Line one\n<script>window.hacked = 1</script>');
    await form.getByRole('button', { name: 'Add note' }).click();
    const note = page.getByRole('article', { name: 'Call with <b>Sam</b>' });
    await note.waitFor();
    expect(await note.innerText()).toContain('<script>window.hacked = 1</script>');
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();

    await note.getByRole('button', { name: /^Edit/ }).click();
    const title = page.getByRole('listitem').getByLabel('Title');
    await title.fill('Call with Sam (edited)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const edited = page.getByRole('article', { name: 'Call with Sam (edited)' });
    await edited.waitFor();
    await shot('notes');

    await edited.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this note?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete note' }).click();
    await edited.waitFor({ state: 'detached' });
  });

  it('shows the schedule in the user’s zone and downloads an .ics', async () => {
    await page.goto(`${origin}/schedule`);
    const upcoming = page.getByRole('region', { name: 'Upcoming meetings' });
    const card = upcoming.getByRole('listitem').filter({ hasText: 'Monthly strategy session' });
    await card.waitFor();
    // SPEC §9's format; the zone is named once for the page, not on each meeting.
    expect(await card.locator('time').innerText()).toMatch(
      /^\d{1,2}:\d{2} (am|pm), [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/,
    );
    await page.getByText(/^Times are shown in [A-Z][a-z]+\/[A-Z][\w ]+\.$/).waitFor();
    expect(await card.getByRole('link', { name: /^Join meeting/ }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    await page
      .getByRole('region', { name: 'Lesson meetings' })
      .getByRole('heading', { name: 'Group lesson: Cash-flow rhythm' })
      .waitFor();
    await shot('schedule');
    const file = await saved(
      Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: /^Add to calendar/ }).click(),
      ]).then(([d]) => d),
    );
    expect(file.name).toBe('monthly-strategy-session.ics');
    expect(file.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(file.text).toContain('SUMMARY:Monthly strategy session\r\n');
    expect(file.text).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
  });

  it('has no serious accessibility problems on the three screens', async () => {
    for (const route of ['/schedule', '/notes', '/action-steps']) {
      await page.goto(`${origin}${route}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .locator('.page-state')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await page.waitForLoadState('networkidle');
      // The page itself: the shell around it is the app foundation's, scanned by its own tests.
      await expectNoSeriousViolations(page, route);
    }
  });

  it('fits a phone screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const route of ['/schedule', '/notes', '/action-steps']) {
        await page.goto(`${origin}${route}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await shot(`phone${route.replace('/', '-')}`);
        await expectNoSidewaysScroll(page, route);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('with the API stopped, each screen shows an error and keeps what was typed', async () => {
    // Last in the file on purpose: the API stays down (the stack's stop() copes). Restarting it right after the
    // stop can race the old process for the port and PGlite folder.
    await app.stack.stopApi();
    for (const [route, what] of [
      ['/schedule', 'Your meetings could not be loaded'],
      ['/notes', 'Your notes could not be loaded'],
      ['/action-steps', 'Your action steps could not be loaded'],
    ] as const) {
      await page.goto(`${origin}${route}`);
      await page.getByRole('alert').filter({ hasText: what }).first().waitFor();
    }
    await shot('api-down');

    await page.goto(`${origin}/notes`);
    const form = page.getByRole('region', { name: 'New note' });
    await form.getByLabel('Title').fill('Unsaved thought');
    await form.getByLabel('Note').fill('Typed while offline');
    await Promise.all([settled('/store/note/'), form.getByRole('button', { name: 'Add note' }).click()]);
    await form.getByRole('button', { name: 'Add note' }).waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('Unsaved thought');
    expect(await form.getByLabel('Note').inputValue()).toBe('Typed while offline');

    await page.goto(`${origin}/action-steps`);
    await page.getByLabel('First name').fill('Offline');
    await page.getByLabel('Last name').fill('Person');
    await Promise.all([settled('/team/add/'), page.getByRole('button', { name: 'Add member' }).click()]);
    await page.getByRole('button', { name: 'Add member' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Offline');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Person');
  });
});
