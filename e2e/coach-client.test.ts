/**
 * The coach's page of one client in Chromium against the real API (PGlite, seeded): the demo coach opens their
 * client, adds a private note, adds an action step and moves it with the keyboard control, and sends a file to
 * the client's company and one to the client alone; the client, signed in beside them, sees the step moved on
 * their board, never the private note, downloads the file on /resources and sees the other marked as theirs
 * alone. Another coach's client is a not-found state; axe at 1280 and 375 px in two tenants.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PNG,
  accessibleAtBothWidths,
  accessibleAtWidths,
  newContext,
  signIn,
  toastOf,
  useAppStack,
  useSignedInPage,
} from './app-support';

const NOTE = 'Private: ask about the second location before the bank meeting.';
const STEP = 'Call three wholesale customers';
const FILE_NAME = 'Plan for Thursday.png';
const ALONE_NAME = 'Your own review.png';
const app = useAppStack(['demo', 'acme']);
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'coach-client');

let page: Page;
let origin: string;
let clientContext: BrowserContext;
let clientPage: Page;
/** What the app sends with every API call of the signed-in coach: the bearer token and the tenant. */
let coachHeaders: Record<string, string>;

/** The id of a client of the signed-in coach, by email, through the coach's list call. */
async function clientId(email: string): Promise<number> {
  const res = await fetch(`${app.stack.apiUrl}/api/v1/coach/clients?search=${encodeURIComponent(email)}`, {
    headers: coachHeaders,
  });
  const { data } = (await res.json()) as { data: { id: number; email: string }[] };
  return data.find((c) => c.email === email)!.id;
}

beforeAll(async () => {
  ({ page, origin } = coach);
  clientContext = await newContext();
  clientPage = await clientContext.newPage();
  await signIn(clientPage, origin, 'client@demo.test');
});
afterAll(() => clientContext?.close());

const toast = (text: string) => toastOf(page, text);
const section = (name: string) => page.getByRole('region', { name });

describe("the coach's page of a client (demo coach)", () => {
  it('shows a clear not-found state for an id that is not one of their clients', async () => {
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/coach/clients/2000000000'));
    await page.goto(`${origin}/coach/clients/2000000000`);
    const headers = (await asked).headers();
    coachHeaders = { authorization: headers['authorization']!, 'x-tenant-id': headers['x-tenant-id']! };
    await page.getByRole('heading', { name: 'Client not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to your clients' }).waitFor();
  });

  it('opens the client: header, in-page nav by keyboard, every section; axe at 1280 and 375 px', async () => {
    await page.goto(`${origin}/coach/clients/${await clientId('client@demo.test')}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Client' }).waitFor();
    await page.getByText('client@demo.test').first().waitFor();
    await page.getByTestId('client-local-time').waitFor();
    for (const name of ['Schedule', 'Notes', 'Action steps and commitments', 'Metrics', 'Files', 'Groups'])
      await section(name).waitFor();
    // The chart is drawn by a chunk loaded after the section is on the page (components/metric-chart.tsx).
    await section('Metrics').locator('.metric-chart-canvas canvas').first().waitFor();
    const link = page
      .getByRole('navigation', { name: 'Sections of this page' })
      .getByRole('link', { name: 'Files' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe('#files');
    const schedule = section('Schedule').getByRole('link', { name: 'Schedule a meeting' });
    expect(await schedule.getAttribute('href')).toMatch(/^\/coach\/schedule\?client=\d+$/);
    // A screenshot at each width, taken before the page's check there.
    await accessibleAtWidths(page, [{ where: 'client page', open: (width) => coach.shot(String(width)) }]);
  });

  it('adds a private note, marked private', async () => {
    const notes = section('Notes');
    await notes.getByLabel('New private note').fill(NOTE);
    await notes.getByRole('button', { name: 'Add private note' }).click();
    await toast('Private note saved').waitFor();
    await page.getByTestId('private-notes').getByText(NOTE).waitFor();
    expect(await page.getByTestId('private-notes').getByText('Private', { exact: true }).count()).toBe(1);
  });

  it('adds an action step and moves it to In progress with the keyboard', async () => {
    const steps = section('Action steps and commitments');
    await steps.getByText('Add an action step').click();
    await steps.getByLabel('Step').fill(STEP);
    await steps.getByRole('button', { name: 'Add step' }).click();
    await toast('Action step added').waitFor();
    const stage = steps.getByLabel(`Stage of ${STEP}`);
    await stage.waitFor();
    expect(await stage.inputValue()).toBe('todo');
    const moved = page.waitForResponse((r) => /\/api\/v1\/coach\/action-steps\/\d+\/move$/.test(r.url()));
    await stage.focus();
    await stage.selectOption('progress');
    expect((await moved).status()).toBe(200);
    await toast('Action Step is now in In progress stage').waitFor();
    await expect.poll(() => stage.inputValue()).toBe('progress');
  });

  it("sends a file to the client's company, and one to the client alone", async () => {
    const files = section('Files');
    await files
      .getByLabel('Choose files')
      .setInputFiles({ name: FILE_NAME, mimeType: 'image/png', buffer: PNG });
    await files.getByLabel('Description (optional)').fill('The plan we drew up.');
    const sent = page.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'POST');
    await files.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await sent).status()).toBe(201);
    await toast('File sent').waitFor();
    await files.getByRole('button', { name: `Download ${FILE_NAME}` }).waitFor();

    // The second goes to the client alone, chosen from the keyboard.
    const choice = files.getByRole('group', { name: 'Send to' });
    await choice.getByRole('radio', { name: /and their colleagues see it$/ }).focus();
    await page.keyboard.press('ArrowDown');
    expect(
      await choice.getByRole('radio', { name: /alone: their colleagues never see it$/ }).isChecked(),
    ).toBe(true);
    await files
      .getByLabel('Choose files')
      .setInputFiles({ name: ALONE_NAME, mimeType: 'image/png', buffer: PNG });
    const alone = page.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'POST');
    await files.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = await alone;
    expect(answer.status()).toBe(201);
    expect(((await answer.json()) as { data: { to: string } }).data.to).toBe('client');
    await files.getByRole('button', { name: `Download ${ALONE_NAME}` }).waitFor();
  });

  it('the client sees the step moved, not the private note, downloads the file and sees the one for them alone', async () => {
    await clientPage.goto(`${origin}/action-steps`);
    await clientPage
      .getByRole('region', { name: 'Action steps: In progress' })
      .getByRole('heading', { name: STEP })
      .waitFor();
    await clientPage.goto(`${origin}/notes`);
    await clientPage.getByRole('heading', { level: 1 }).waitFor();
    await clientPage.waitForLoadState('networkidle');
    expect(await clientPage.getByText(NOTE).count()).toBe(0);

    await clientPage.goto(`${origin}/resources`);
    const [download] = await Promise.all([
      clientPage.waitForEvent('download'),
      clientPage.getByRole('button', { name: `Download ${FILE_NAME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    const target = path.join(app.stack.work, 'from-coach.png');
    await download.saveAs(target);
    expect(await readFile(target)).toEqual(PNG);
    const alone = clientPage.getByRole('article').filter({ hasText: ALONE_NAME });
    expect(await alone.getByRole('heading').innerText()).toMatch(/for you alone$/);
  });
});

describe("the coach's page of a client in a second tenant (acme)", () => {
  it('has no serious accessibility problem at 1280 and 375 px', async () => {
    const context = await newContext();
    try {
      const acme = await context.newPage();
      const acmeOrigin = app.stack.urls.acme!;
      const asked = acme.waitForRequest((r) => r.url().includes('/api/v1/coach/clients/2000000000'));
      await signIn(acme, acmeOrigin, 'coach@acme.test');
      await acme.goto(`${acmeOrigin}/coach/clients/2000000000`);
      const headers = (await asked).headers();
      const res = await fetch(`${app.stack.apiUrl}/api/v1/coach/clients?search=client%40acme.test`, {
        headers: { authorization: headers['authorization']!, 'x-tenant-id': headers['x-tenant-id']! },
      });
      const id = ((await res.json()) as { data: { id: number }[] }).data[0]!.id;
      await acme.goto(`${acmeOrigin}/coach/clients/${id}`);
      await acme.getByRole('region', { name: 'Files' }).waitFor();
      await accessibleAtBothWidths(acme, 'acme client page');
    } finally {
      await context.close();
    }
  });
});
