/**
 * The form builder in Chromium against the real API (PGlite, seeded): coach@demo.test builds a form by keyboard
 * with a question shown only on an earlier answer, is told beside the question what is wrong when a move
 * breaks it, saves, and sends the form to their group "Profit Accelerator"; client@demo.test, a member, fills
 * it; the coach reads the answers on the client's page. axe at 1280 and 375 px on the builder in two tenants
 * (demo's bakery, acme's plumbing).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibleAtBothWidths,
  accessibleAtWidths,
  newContext,
  signIn,
  toastOf,
  useAppStack,
  useSignedInPage,
} from './app-support';

const app = useAppStack(['demo', 'acme']);
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'form-builder');

const TITLE = 'Weekly training check-in';
const TRAINED = 'Did your team train this week?';
const WHAT = 'What did they practise?';

let page: Page;
let origin: string;

beforeAll(() => {
  ({ page, origin } = coach);
});

/** Gives `name`'s control the keyboard's focus and presses Enter (a button or a link). */
async function press(name: string | RegExp, role: 'button' | 'link' = 'button') {
  await page.getByRole(role, { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

/** Picks an option of a closed select by typing its first letters, as a person at the keyboard does. */
async function typeInto(label: string, letters: string, expected: string, scope = page.locator('body')) {
  const select = scope.getByLabel(label, { exact: true });
  await select.focus();
  await page.keyboard.type(letters);
  await expect
    .poll(() => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? ''))
    .toBe(expected);
}

const questionCard = (n: number) => page.getByRole('listitem', { name: new RegExp(`^Question ${n}\\b`) });
const preview = () => page.getByRole('region', { name: 'Preview' });
const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');

describe('building a form by keyboard (demo)', () => {
  it('lists the forms, with New form', async () => {
    await page.goto(`${origin}/coach/forms`);
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
    await page.getByRole('link', { name: 'Welcome questionnaire' }).waitFor();
    await accessibleAtBothWidths(page, 'the forms list');
    await press('New form', 'link');
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor();
  });

  it('refuses an empty form, saying what is missing', async () => {
    await press('Save form');
    await page.getByText('Add at least one question.').waitFor();
    await page.getByText('Give the form a title.').waitFor();
    expect(await focusedId()).toBe('builder-problems');
  });

  it('adds a yes/no question and a question shown only on its Yes', async () => {
    await page.getByLabel('Title', { exact: true }).focus();
    await page.keyboard.type(TITLE);
    await typeInto('Kind of the new question', 'Yes', 'Yes or no');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The keyboard is in the new question's words.
    expect(await focusedId()).toBe('builder-q1-label');
    await page.keyboard.type(TRAINED);
    await questionCard(1).getByLabel('Must be answered').focus();
    await page.keyboard.press('Space');

    await typeInto('Kind of the new question', 'Long', 'Long text');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await focusedId()).toBe('builder-q2-label');
    await page.keyboard.type(WHAT);
    await typeInto('Show this question', 'When', `When “${TRAINED}” is Yes`, questionCard(2));

    // The preview works the condition: the second question shows on Yes only.
    await preview().getByRole('group', { name: TRAINED }).waitFor();
    expect(await preview().getByLabel(`${WHAT} (optional)`).count()).toBe(0);
    await preview().getByLabel('Yes').focus();
    await page.keyboard.press('Space');
    await preview().getByLabel(`${WHAT} (optional)`).waitFor();
  });

  it('says beside a moved question that its condition is now on a later one, then saves once fixed', async () => {
    await press('Move up (question 2)');
    // The keyboard stays on the moved question's button (now the first's, whose "up" is disabled: its "down").
    expect(await focusedId()).toBe('builder-q2-down');
    await press('Save form');
    const moved = questionCard(1);
    await moved.getByText('Show it on a yes/no or single-choice answer of an earlier question.').waitFor();
    expect(await focusedId()).toBe('builder-q2-label');
    // Nothing typed was lost.
    expect(await moved.getByLabel('Question', { exact: true }).inputValue()).toBe(WHAT);
    await coach.shot('problem');

    await press('Move down (question 1)');
    await press('Save form');
    await toastOf(page, 'Form saved, version 1').waitFor();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/coach\/forms\/\d+$/);
    await accessibleAtBothWidths(page, 'the form builder');
    await coach.shot('builder');
  });
});

describe('sending the form to a group', () => {
  it('sends it to every member from the group page', async () => {
    await page.goto(`${origin}/coach/groups`);
    await press('Profit Accelerator', 'link');
    const forms = page.getByRole('region', { name: 'Forms' });
    await forms.waitFor();
    await typeInto('Form', 'Weekly', TITLE, forms);
    await forms.getByRole('button', { name: 'Send form' }).focus();
    await page.keyboard.press('Enter');
    await toastOf(page, 'Sent to 1 member').waitFor();
    await accessibleAtBothWidths(page, 'the group page with Send a form');
  });

  it('is filled by a member, and its answers reach the coach', async () => {
    const context = await newContext();
    try {
      const member = await context.newPage();
      await signIn(member, origin, 'client@demo.test');
      // On a phone, as a client fills a form.
      await member.setViewportSize({ width: 375, height: 812 });
      await member.goto(`${origin}/forms`);
      await member.getByRole('region', { name: 'To fill in' }).getByRole('link', { name: TITLE }).click();
      await member.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await member.getByRole('group', { name: TRAINED }).getByLabel('Yes').check();
      await member.getByLabel(`${WHAT} (optional)`).fill('Laminating croissant dough.');
      await member.getByRole('button', { name: 'Submit' }).click();
      await toastOf(member, 'Form submitted').waitFor();
    } finally {
      await context.close();
    }
    await page.goto(`${origin}/coach/clients`);
    await page
      .getByRole('link', { name: /Daniel Reyes/ })
      .first()
      .click();
    const forms = page.getByRole('region', { name: 'Forms' });
    const sent = forms.getByRole('listitem').filter({ hasText: TITLE });
    await sent.getByText(/^Answers, submitted/).click();
    await sent.getByText('Laminating croissant dough.').waitFor();
  });
});

describe('a second tenant (acme)', () => {
  let context: Awaited<ReturnType<typeof newContext>>;
  afterAll(() => context?.close());

  it('shows the builder accessible at both widths', async () => {
    const acme = app.stack.urls.acme!;
    context = await newContext();
    const p = await context.newPage();
    await signIn(p, acme, 'coach@acme.test');
    await p.goto(`${acme}/coach/forms/new`);
    await p.getByRole('heading', { level: 1, name: 'New form' }).waitFor();
    await p.getByLabel('Kind of the new question').selectOption('single_choice');
    await p.getByRole('button', { name: 'Add question' }).click();
    await p.getByLabel('Question', { exact: true }).fill('Which jobs came in this week?');
    await accessibleAtWidths(p, [{ where: 'acme form builder' }]);
    await p.setViewportSize({ width: 375, height: 812 });
    // The side menu slides shut at phone width: the picture once it is shut.
    await p.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    await p.screenshot({ path: 'test-results/form-builder-acme-phone.png', fullPage: true });
  });
});
