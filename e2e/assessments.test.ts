/**
 * Assessments in Chromium against the real API (PGlite, seeded): the demo client goes from the action-steps
 * board to an assessment, reads its analysis in the assessment's currency, adds an implementation step by
 * keyboard and finds it on the board; axe and a phone-sized screen on every new page.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  useAppStack,
  useSignedInPage,
} from './app-support';

const app = useAppStack(['demo']);
const user = useSignedInPage(app, 'demo', 'client@demo.test', 'assessments');

let page: Page;
let origin: string;

beforeAll(() => {
  ({ page, origin } = user);
});

const shot = user.shot;
const toast = (text: string) => page.locator('.Toastify').getByText(text).first();
const focusArea = (name: string) => page.getByRole('region', { name: new RegExp(`^Priority \\d ${name}$`) });
const STEP = 'Ask five regular customers for a referral';

describe('assessments (demo client)', () => {
  it('opens an assessment from the board and reads its analysis in its currency', async () => {
    await page.goto(`${origin}/action-steps`);
    await page.getByRole('link', { name: 'See your assessments and their implementation plans' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assessments' }).waitFor();
    await page.getByRole('link', { name: 'Business growth assessment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Business growth assessment' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/assessments\/\d+$/);
    await page.getByText('Amounts in US Dollar (USD), a year').waitFor();
    const pricing = page.getByRole('row', { name: /^Pricing and margins/ });
    expect(await pricing.textContent()).toContain('$62,000');
    expect(await pricing.textContent()).toContain('$94,000');
    expect(await page.getByRole('row', { name: /^Total/ }).textContent()).toContain('$100,000');
    // The seeded step on the board shows that action step's stage.
    const cash = focusArea('Cash flow');
    await cash.getByRole('heading', { name: 'Open a separate tax reserve account' }).waitFor();
    expect(await cash.textContent()).toContain('Completed');
    await shot('analysis');
  });

  it('adds an implementation step by keyboard, and finds it on the action-steps board', async () => {
    const sales = focusArea('Sales and marketing');
    await sales.getByText('No steps yet.').waitFor();
    await sales.getByRole('button', { name: 'Add a step to Sales and marketing' }).press('Enter');
    const stepField = sales.getByLabel('Step', { exact: true });
    await expect.poll(() => stepField.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(STEP);
    await sales.getByLabel('Details (optional)').fill('At the counter, this week.');
    await sales.getByLabel('Due date (optional)').fill('2026-12-15');
    await stepField.press('Enter');
    await toast('Implementation step added to your action steps').waitFor();
    const step = sales.getByRole('listitem').filter({ has: page.getByRole('heading', { name: STEP }) });
    await step.waitFor();
    expect(await step.textContent()).toContain('To do');
    expect(await sales.textContent()).toContain('1 step · 1 on your action steps board · 0 completed');
    await shot('step-added');

    await page.reload();
    await focusArea('Sales and marketing').getByRole('heading', { name: STEP }).waitFor();
    await step.getByRole('link', { name: 'On your action steps board' }).click();
    const todo = page.getByRole('region', { name: 'Action steps: To do' });
    await todo.getByRole('heading', { name: STEP }).waitFor();
  });

  it('has no serious accessibility problems on the new pages', async () => {
    await page.goto(`${origin}/assessments`);
    await page.getByRole('link', { name: 'Business growth assessment' }).click();
    await focusArea('Pricing and margins')
      .getByRole('heading', { name: /Raise prices/ })
      .waitFor();
    await focusArea('Pricing and margins')
      .getByRole('button', { name: /Add a step/ })
      .click();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'assessment');
    await page.goto(`${origin}/assessments`);
    await page.getByRole('article').first().waitFor();
    await expectNoSeriousViolations(page, 'list');
  });

  it('fits a phone screen without sideways scrolling, the analysis as cards', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(`${origin}/assessments`);
      await page.getByRole('article').first().waitFor();
      await shot('phone-list');
      await expectNoSidewaysScroll(page, 'list');
      await page.getByRole('link', { name: 'Business growth assessment' }).click();
      await focusArea('Pricing and margins')
        .getByRole('heading', { name: /Raise prices/ })
        .waitFor();
      await shot('phone-assessment');
      await expectNoSidewaysScroll(page, 'assessment');
      // The analysis is cards, not a table cut off at the screen's edge: nothing in it scrolls sideways, and
      // every amount lies on screen beside its label.
      const analysis = page.getByRole('region', { name: 'Analysis by area' });
      expect(await analysis.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      const pricing = page.getByRole('row', { name: /^Pricing and margins/ });
      const gap = pricing.getByRole('cell').filter({ hasText: '$32,000' });
      expect(await gap.getAttribute('data-label')).toBe('Gap');
      const cells = await analysis
        .locator('td')
        .evaluateAll((tds) =>
          tds.filter((td) => td.textContent).map((td) => td.getBoundingClientRect().right),
        );
      expect(cells.length).toBeGreaterThan(0);
      for (const right of cells) expect(right).toBeLessThanOrEqual(375);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
