/**
 * Shared recaps and goals in Chromium against the real API (PGlite, seeded): the demo coach writes the recap of
 * a past meeting of their client and shares it; the client, signed in beside them, finds it on the past meeting
 * of their schedule and comments back; the coach sees the comment on the meeting's recap. The client adds a goal
 * by keyboard, links one of their action steps to it and completes it. axe at 1280 and 375 px on each page, in
 * the demo tenant and in acme (its seeded recap and goals); screenshots in test-results/.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOTS,
  accessibleAtBothWidths,
  accessibleAtWidths,
  newContext,
  signIn,
  toastOf,
  useAppStack,
  useSignedInPage,
} from './app-support';

const RECAP = 'We agreed to interview the two bakers on Friday.';
const COMMENT = 'Thanks, I booked both interviews for Friday morning.';
const GOAL = 'Open on Sundays by summer';
const MEETING = 'Hiring check-in';
const app = useAppStack(['demo', 'acme']);
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'recaps-coach');

let page: Page;
let origin: string;
let clientContext: BrowserContext;
let client: Page;

beforeAll(async () => {
  ({ page, origin } = coach);
  clientContext = await newContext();
  client = await clientContext.newPage();
  await signIn(client, origin, 'client@demo.test');
});
afterAll(() => clientContext?.close());

/** The coach's page of their demo client, by the id their Clients list's call answers for the client's email. */
async function openClient() {
  const listed = page.waitForResponse((r) => r.url().includes('/api/v1/coach/clients?'));
  await page.goto(`${origin}/coach/clients`);
  const { data } = (await (await listed).json()) as { data: { id: number; email: string }[] };
  await page.goto(`${origin}/coach/clients/${data.find((c) => c.email === 'client@demo.test')!.id}`);
  await page.getByRole('region', { name: 'Schedule' }).waitFor();
}

describe('a shared recap (demo)', () => {
  let recapUrl: string;

  it('the coach writes the recap of a past meeting and shares it', async () => {
    await openClient();
    await page.getByRole('link', { name: `Recap: ${MEETING}` }).click();
    await page.getByRole('heading', { level: 1, name: `Recap: ${MEETING}` }).waitFor();
    recapUrl = page.url();
    const body = page.getByRole('textbox', { name: 'Recap' });
    await body.click();
    await page.keyboard.type(RECAP);
    const shared = page.waitForResponse((r) => /\/api\/v1\/coach\/recaps\/\d+\/share$/.test(r.url()));
    await page.getByRole('button', { name: 'Share with client' }).click();
    expect((await shared).status()).toBe(200);
    await toastOf(page, 'Recap shared with your client').waitFor();
    await page.getByText('Comments open once the recap is shared.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add comment' }).waitFor();
    await coach.shot('recap-1280');
    await accessibleAtBothWidths(page, 'coach recap page');
  });

  it('the client finds it on the past meeting, reads it and comments back', async () => {
    await client.goto(`${origin}/schedule`);
    await client.getByRole('link', { name: `Read the recap: ${MEETING}` }).click();
    await client.getByRole('heading', { level: 1, name: `Recap: ${MEETING}` }).waitFor();
    await client.getByText(RECAP).waitFor();
    const field = client.getByLabel('Your comment');
    await field.focus();
    await client.keyboard.type(COMMENT);
    await client.keyboard.press('Tab');
    await client.keyboard.press('Enter');
    await toastOf(client, 'Comment added').waitFor();
    await client.getByRole('listitem').filter({ hasText: COMMENT }).getByText('You').waitFor();
    await client.screenshot({ path: path.join(SHOTS, 'recaps-client-recap.png'), fullPage: true });
    await accessibleAtBothWidths(client, 'client recap page');
  });

  it("the coach sees the client's comment on the meeting's recap", async () => {
    await page.goto(recapUrl);
    await page.getByRole('listitem').filter({ hasText: COMMENT }).waitFor();
  });
});

describe('goals (demo client)', () => {
  it('the client adds a goal by keyboard, links a step and completes it', async () => {
    await client.goto(`${origin}/goals`);
    await client.getByRole('heading', { level: 1, name: 'My Goals' }).waitFor();
    // The seeded goals are there first.
    await client.getByRole('heading', { name: 'Hire a shift supervisor' }).waitFor();
    await client.getByLabel('Goal', { exact: true }).focus();
    await client.keyboard.type(GOAL);
    await client.keyboard.press('Tab');
    await client.keyboard.type('Sunday is the busiest day at the market next door.');
    const added = client.waitForResponse(
      (r) => r.url().endsWith('/api/v1/goals') && r.request().method() === 'POST',
    );
    await client.getByRole('button', { name: 'Add goal' }).press('Enter');
    expect((await added).status()).toBe(201);
    await toastOf(client, 'Goal added').waitFor();

    const card = client.getByRole('listitem').filter({ has: client.getByRole('heading', { name: GOAL }) });
    const choice = card.getByLabel(`Action step to link to ${GOAL}`);
    const step = (await choice.locator('option').first().innerText()).trim();
    await card.getByRole('button', { name: 'Link step' }).click();
    await toastOf(client, 'Action step linked').waitFor();
    await card.getByRole('button', { name: `Unlink ${step} from ${GOAL}` }).waitFor();

    await card.getByRole('button', { name: `Mark completed: ${GOAL}` }).click();
    await toastOf(client, 'Goal completed').waitFor();
    await card.getByText(/^Completed/).waitFor();
    expect(await card.getByRole('progressbar').getAttribute('value')).toBe('100');
    await client.screenshot({ path: path.join(SHOTS, 'recaps-client-goals.png'), fullPage: true });
    await accessibleAtBothWidths(client, 'client goals page');
  });

  it("shows the open goals on the client's home, and the coach's client page lists them", async () => {
    await client.goto(`${origin}/schedule`);
    await client
      .getByRole('region', { name: 'My goals' })
      .getByText('Hire a shift supervisor', { exact: true })
      .waitFor();
    await openClient();
    const goals = page.getByRole('region', { name: 'Goals' });
    await goals.getByRole('heading', { name: GOAL }).waitFor();
    await accessibleAtWidths(page, [{ where: 'coach client page with goals' }]);
  });
});

describe('recaps and goals in a second tenant (acme)', () => {
  it('has no serious accessibility problem at 1280 and 375 px', async () => {
    const context = await newContext();
    try {
      const acme = await context.newPage();
      const acmeOrigin = app.stack.urls.acme!;
      await signIn(acme, acmeOrigin, 'client@acme.test');
      await acme.goto(`${acmeOrigin}/schedule`);
      await acme.getByRole('link', { name: 'Read the recap: Pricing workshop' }).click();
      await acme.getByText('call-out fee to $95', { exact: false }).first().waitFor();
      await accessibleAtBothWidths(acme, 'acme client recap page');
      await acme.goto(`${acmeOrigin}/goals`);
      await acme.getByRole('heading', { name: 'Hire a technician' }).waitFor();
      await accessibleAtBothWidths(acme, 'acme client goals page');
    } finally {
      await context.close();
    }
  });
});
