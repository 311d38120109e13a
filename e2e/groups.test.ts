/**
 * Group coaching and the business academy in Chromium against the real API (PGlite, seeded): the demo client
 * opens a group (its own lesson meetings only, a past one without a join link), a lesson, records analytics
 * (one change sent by the 5 s flush, one by leaving the page), comes back and finds both kept; axe on every new page (screenshots in test-results/).
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  useAppStack,
  useSignedInPage,
} from './app-support';

const app = useAppStack(['demo']);
const user = useSignedInPage(app, 'demo', 'client@demo.test', 'groups');

let page: Page;
let origin: string;

beforeAll(() => {
  ({ page, origin } = user);
});

const analyticsSent = () =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/training-analytics/') && r.request().method() === 'POST',
  );

/** The colour of a pixel of what `locator` shows, read by the page from its screenshot. */
async function pixel(locator: Locator, x: number, y: number): Promise<number[]> {
  const png = (await locator.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, x, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    },
    { png, x, y },
  );
}

describe('group coaching (demo client)', () => {
  it('lists the client’s groups and opens the free one with its lessons', async () => {
    await page.goto(`${origin}/groups`);
    await page.getByRole('link', { name: 'Leadership Mastermind' }).waitFor();
    await user.shot('list');
    // A bar at 0 % looks empty: white inside its outline, not a grey bar that reads as full.
    const empty = page.getByRole('progressbar', { name: 'Your progress in Leadership Mastermind' });
    expect(await empty.getAttribute('value')).toBe('0');
    const box = (await empty.boundingBox())!;
    expect(await pixel(empty, Math.round(box.width / 2), Math.round(box.height / 2))).toEqual([
      255, 255, 255,
    ]);
    const outline = await pixel(empty, 0, Math.round(box.height / 2));
    expect(
      outline.reduce((a, b) => a + b),
      `outline ${outline.join(',')}`,
    ).toBeLessThan(3 * 200);
    await expectNoSeriousViolations(page, 'groups');

    await page.getByRole('link', { name: 'Profit Accelerator' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profit Accelerator' }).waitFor();
    // The demo has no recording to link (no made-up video address): the list says so.
    await page.getByText('No recordings yet.').waitFor();
    const lessons = page.locator('.group-lessons > li h3');
    expect(await lessons.allInnerTexts()).toEqual([
      '1. Know your numbers',
      '2. Pricing for profit',
      '3. Cash-flow rhythm',
    ]);
    // Its own lesson meetings only (one a lesson, a fortnight apart from two weeks ago): the first is over, so
    // it says when it was held and offers no join link; the last is still to come.
    const meetings = page.getByRole('region', { name: 'Meetings' });
    const past = meetings.getByRole('listitem').filter({ hasText: 'Group lesson: Know your numbers' });
    await past.getByText(/^Held on \w+/).waitFor();
    expect(await past.getByRole('link').count()).toBe(0);
    const next = meetings.getByRole('listitem').filter({ hasText: 'Group lesson: Cash-flow rhythm' });
    await next.getByRole('link', { name: /^Join meeting/ }).waitFor();
    await user.shot('group');
    await expectNoSeriousViolations(page, 'group');
  });

  it('shows another group none of the first group’s meetings', async () => {
    await page.goto(`${origin}/groups`);
    await page.getByRole('link', { name: 'Leadership Mastermind' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leadership Mastermind' }).waitFor();
    const meetings = page.getByRole('region', { name: 'Meetings' });
    await meetings.getByText('No lesson meetings.').waitFor();
    expect(await meetings.getByText(/Group lesson: /).count()).toBe(0);
    // Back to the free group, where the next test starts.
    await page.goto(`${origin}/groups`);
    await page.getByRole('link', { name: 'Profit Accelerator' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profit Accelerator' }).waitFor();
  });

  it('records analytics on a lesson, leaves, comes back and finds them kept', async () => {
    await page.getByRole('link', { name: 'Know your numbers', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Know your numbers' }).waitFor();
    const quiz = page.getByRole('checkbox', { name: 'I took the quiz' });
    await quiz.waitFor();
    await expectNoSeriousViolations(page, 'lesson');

    // The 5 s flush.
    const flushed = analyticsSent();
    await quiz.check();
    await page.getByLabel('Profit impact').fill('$2,000 a month');
    expect((await flushed).status()).toBe(200);
    await page.getByText('All changes saved.').waitFor();

    // Leaving sends at once (keepalive), without waiting for the next tick.
    const onLeave = analyticsSent();
    await page.getByLabel('Notes').fill('Ask about the margin on retainers.');
    await page.getByRole('link', { name: '← Back to the group' }).click();
    expect((await onLeave).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Profit Accelerator' }).waitFor();
    await user.shot('lesson-left');

    // A fresh load reads them back from the API (analyticsSearch).
    await page.reload();
    await page.getByRole('link', { name: 'Know your numbers', exact: true }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'I took the quiz' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Profit impact').inputValue()).toBe('$2,000 a month');
    expect(await page.getByLabel('Notes').inputValue()).toBe('Ask about the margin on retainers.');
    await user.shot('lesson');
  });

  it('shows the paid group’s free lesson open and the rest locked', async () => {
    await page.goto(`${origin}/groups`);
    await page.getByRole('link', { name: 'Leadership Mastermind' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leadership Mastermind' }).waitFor();
    await page.getByRole('link', { name: 'Hiring your first manager' }).waitFor();
    await page.getByText('This lesson opens once your place in the group is confirmed.').waitFor();
    await expectNoSeriousViolations(page, 'paid group');
  });
});

describe('business academy (demo client)', () => {
  it('lists the courses by module and opens a lesson on the shared lesson page', async () => {
    await page.goto(`${origin}/business-academy`);
    await page.getByRole('heading', { level: 2, name: 'Foundations' }).waitFor();
    await user.shot('academy');
    await expectNoSeriousViolations(page, 'academy');
    await page.getByRole('link', { name: 'Writing an offer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Writing an offer' }).waitFor();
    await page.getByRole('checkbox', { name: 'I took the quiz' }).waitFor();
    await user.shot('academy-lesson');
    await expectNoSeriousViolations(page, 'academy lesson');
  });

  it('fits a 375 px phone: no sideways scrolling on the group and lesson pages', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.getByRole('checkbox', { name: 'I took the quiz' }).waitFor();
    await expectNoSidewaysScroll(page, 'lesson');
    await page.goto(`${origin}/groups`);
    await page.getByRole('link', { name: 'Profit Accelerator' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profit Accelerator' }).waitFor();
    await page.getByText('No recordings yet.').waitFor();
    await expectNoSidewaysScroll(page, 'group');
    await user.shot('group-phone');
  });
});
