/**
 * Forms in Chromium against the real API (PGlite, seeded): on a 375 px phone, basic@demo.test finds the intake
 * waiting on their home, fills it by keyboard alone, leaves half-way and resumes where they were, is told what
 * is missing beside the question, and submits; their coach sees the answers on the client page. axe at 1280 and
 * 375 px in two tenants (demo's bakery, acme's plumbing).
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
const client = useSignedInPage(app, 'demo', 'basic@demo.test', 'forms');

let page: Page;
let origin: string;

beforeAll(async () => {
  ({ page, origin } = client);
  await page.setViewportSize({ width: 375, height: 812 });
});

/** The control that has the keyboard's focus: its label, or its group's legend for a radio or checkbox. */
const focusedName = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el) return '';
    const legend = el.closest('fieldset')?.querySelector('legend')?.textContent;
    if ((el.type === 'radio' || el.type === 'checkbox') && legend) return legend;
    return (el.labels?.[0]?.textContent ?? el.textContent ?? '').trim();
  });

/** Presses Tab until the control named `name` has the focus (a person tabbing through the form). */
async function tabTo(p: Page, name: string) {
  for (let i = 0; i < 30; i++) {
    if ((await focusedName(p)).startsWith(name)) return;
    await p.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"; the focus is on "${await focusedName(p)}"`);
}

const question = (name: string) => page.getByRole('group', { name });

describe('the intake on a phone, by keyboard', () => {
  it('is waiting on the home page, and its link opens it', async () => {
    await page.goto(`${origin}/schedule`);
    const card = page.getByRole('complementary', { name: 'A form is waiting for you' });
    await card.waitFor();
    await card.getByRole('link', { name: 'Fill in Welcome questionnaire' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Welcome questionnaire' }).waitFor();
    await client.shot('intake-empty');
  });

  it('saves as they type, and resumes where they left', async () => {
    await page.getByLabel('How many ovens do you bake with?').focus();
    await page.keyboard.type('3');
    await tabTo(page, 'Do you sell wholesale');
    await page.keyboard.press('Space');
    // "Yes" shows the question that depends on it.
    await question('How much of your sales is wholesale? (optional)').waitFor();
    await tabTo(page, 'What would make the next six months a success?');
    await page.keyboard.type('Open a second shop by the harbour.');
    await page.getByText('Saved', { exact: true }).waitFor();

    // Leave for another page, and come back through the Forms list.
    await page.goto(`${origin}/forms`);
    const toFill = page.getByRole('region', { name: 'To fill in' });
    await toFill.getByRole('link', { name: 'Welcome questionnaire' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Welcome questionnaire' }).waitFor();
    expect(await page.getByLabel('How many ovens do you bake with?').inputValue()).toBe('3');
    expect(await question('Do you sell wholesale to cafés or shops?').getByLabel('Yes').isChecked()).toBe(
      true,
    );
    expect(await page.getByLabel('What would make the next six months a success?').inputValue()).toBe(
      'Open a second shop by the harbour.',
    );
  });

  it('says beside each question what is missing, then submits once', async () => {
    await page.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('answers need your attention').waitFor();
    const challenge = question('Your biggest challenge right now');
    await challenge.getByText('Answer this question.').waitFor();
    // The keyboard is taken to the first question to fix.
    expect(await focusedName(page)).toBe('Your biggest challenge right now');
    await client.shot('intake-errors');

    await page.keyboard.press('Space');
    await tabTo(page, 'Do you employ staff?');
    await page.keyboard.press('Space');
    await tabTo(page, 'How many people work for you?');
    await page.keyboard.type('5');
    await tabTo(page, 'How confident are you about the year ahead?');
    // The first of 1..10, then six steps right: 7.
    await page.keyboard.press('Space');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    expect(await question('How confident are you about the year ahead?').getByLabel('7').isChecked()).toBe(
      true,
    );
    await accessibleAtBothWidths(page, 'the intake filled in');
    await page.setViewportSize({ width: 375, height: 812 });

    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await toastOf(page, 'Form submitted').waitFor();
    await page.getByText(/^Submitted .+\. Thank you\.$/).waitFor();
    await page.getByText('Open a second shop by the harbour.').waitFor();
    await client.shot('intake-submitted');
    await page.goto(`${origin}/forms`);
    await page
      .getByRole('region', { name: 'Submitted' })
      .getByRole('link', { name: 'Welcome questionnaire' })
      .waitFor();
    await accessibleAtBothWidths(page, 'the forms list');
  });
});

describe("the coach's client page", () => {
  let coachContext: Awaited<ReturnType<typeof newContext>>;
  afterAll(() => coachContext?.close());

  it('shows the submitted answers in the Forms section', async () => {
    coachContext = await newContext();
    const coach = await coachContext.newPage();
    await signIn(coach, origin, 'coach@demo.test');
    await coach.goto(`${origin}/coach/clients`);
    await coach
      .getByRole('link', { name: /Priya Natarajan/ })
      .first()
      .click();
    const forms = coach.getByRole('region', { name: 'Forms' });
    await forms.waitFor();
    await forms
      .getByText(/^Answers, submitted/)
      .first()
      .click();
    await forms.getByText('Open a second shop by the harbour.').waitFor();
    await forms.getByText('7 of 10').waitFor();
    await accessibleAtBothWidths(coach, "the coach's client page with the answers");
    await coach.screenshot({ path: 'test-results/forms-coach-answers.png', fullPage: true });
  });
});

describe('a second tenant (acme)', () => {
  it('lists the plumbing forms and opens the session prep, accessible at both widths', async () => {
    const acme = app.stack.urls.acme!;
    const context = await newContext();
    try {
      const p = await context.newPage();
      await signIn(p, acme, 'client@acme.test');
      await accessibleAtWidths(p, [
        {
          where: 'acme forms',
          open: async () => {
            await p.goto(`${acme}/forms`);
            await p.getByRole('region', { name: 'Submitted' }).getByRole('link').first().waitFor();
          },
        },
        {
          where: 'acme session prep',
          open: async () => {
            await p.goto(`${acme}/forms`);
            await p.getByRole('link', { name: 'Before our session' }).click();
            await p.getByRole('group', { name: 'What should we talk about?' }).waitFor();
          },
        },
      ]);
      await p.getByLabel('Quotes and pricing').waitFor();
    } finally {
      await context.close();
    }
  });
});
