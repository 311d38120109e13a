/**
 * The coach authors a group in Chromium against the real API (PGlite, seeded): a new group with two lessons,
 * the first published (its body written in the rich-text editor, autosaved), the second a draft; a client of
 * theirs added. The client sees only the published lesson, ticks its five steps, and the coach sees the lesson
 * completed on the group page. A lesson moved with the keyboard stays moved after a reload. Every authoring
 * page passes axe at 1280 and 375 px in two tenants (screenshots in test-results/). The group is then handed to
 * the tenant's other coach, refused beside the choice while its member is not theirs.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessibleAtBothWidths,
  expectNoSeriousViolations,
  useAppStack,
  useSignedInPage,
  GROUP_LESSON_STEPS as STEPS,
} from './app-support';

const app = useAppStack(['demo', 'acme']);
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'coach-authoring');
const client = useSignedInPage(app, 'demo', 'client@demo.test', 'coach-authoring-client');
const acme = useSignedInPage(app, 'acme', 'coach@acme.test', 'coach-authoring-acme');

const GROUP = 'Pricing sprint';

let page: Page;
let origin: string;
let groupUrl: string;
beforeAll(() => {
  ({ page, origin } = coach);
});

const saved = (on: Page) => on.getByText('Saved', { exact: true }).waitFor();

async function addLesson(title: string) {
  await page.getByLabel('New lesson').fill(title);
  await page.getByRole('button', { name: 'Add lesson' }).click();
  await page.getByRole('heading', { level: 1, name: `Edit lesson: ${title}` }).waitFor();
}

describe('the coach authors a group (demo)', () => {
  it('creates a group with two lessons, publishes the first, writes its text and adds a member', async () => {
    await page.goto(`${origin}/coach/groups`);
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await page.getByRole('link', { name: 'Profit Accelerator' }).waitFor();
    await accessibleAtBothWidths(page, 'groups');
    await page.getByRole('link', { name: 'New group' }).click();
    await page.getByRole('heading', { level: 1, name: 'New group' }).waitFor();
    await accessibleAtBothWidths(page, 'new group');
    // Refused first: the title is missing; the keyboard goes to it.
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByText('Give the group a title.').waitFor();
    expect(await page.getByLabel('Title').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Title').fill(GROUP);
    await page.getByLabel('Status').selectOption('open');
    await page.getByLabel('Meets', { exact: true }).fill('Thursdays, 5:00 pm');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { level: 1, name: GROUP }).waitFor();
    groupUrl = page.url();

    await addLesson('Price on value');
    await page.getByLabel('Status').selectOption('published');
    const body = page.getByRole('textbox', { name: 'Lesson text' });
    await body.click();
    await page.keyboard.type('Three questions to ask before quoting.');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).focus();
    await saved(page);
    await accessibleAtBothWidths(page, 'lesson editor');
    await coach.shot('lesson-editor');
    await page.getByRole('link', { name: 'Back to the group' }).click();
    await page.getByRole('heading', { level: 1, name: GROUP }).waitFor();

    await addLesson('Raise your rates');
    await page.getByRole('link', { name: 'Back to the group' }).click();
    const lessons = page.getByRole('list', { name: 'Lessons' }).getByRole('listitem');
    await expect.poll(() => lessons.count()).toBe(2);
    expect(await lessons.nth(0).innerText()).toContain('Published');
    expect(await lessons.nth(1).innerText()).toContain('Draft');

    const picker = page.getByLabel('Add a client');
    const value = await picker.locator('option', { hasText: 'client@demo.test' }).getAttribute('value');
    await picker.selectOption(value!);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('table').getByText('0 of 1 lessons completed').waitFor();
    await accessibleAtBothWidths(page, 'group page');
    await coach.shot('group');
  });

  it('the member sees only the published lesson and ticks its steps; the coach sees it completed', async () => {
    const theirs = client.page;
    await theirs.goto(`${client.origin}/groups`);
    await theirs.getByRole('link', { name: GROUP }).click();
    await theirs.getByRole('heading', { level: 1, name: GROUP }).waitFor();
    await theirs.getByRole('link', { name: 'Price on value', exact: true }).waitFor();
    expect(await theirs.getByText('Raise your rates').count()).toBe(0);
    await theirs.getByRole('link', { name: 'Price on value', exact: true }).click();
    await theirs.getByRole('heading', { level: 1, name: 'Price on value' }).waitFor();
    await theirs.getByText('Three questions to ask before quoting.').waitFor();
    for (const step of STEPS) await theirs.getByRole('checkbox', { name: step }).check();
    await theirs.getByText('All changes saved.').waitFor();
    await client.shot('lesson');

    await expect
      .poll(async () => {
        await page.goto(groupUrl);
        await page.getByRole('heading', { level: 2, name: 'Members' }).waitFor();
        return page.getByRole('table').innerText();
      })
      .toContain('1 of 1 lessons completed');
  });

  it('moves a lesson with the keyboard, and the order stays after a reload', async () => {
    await page.goto(groupUrl);
    const up = page.getByRole('button', { name: 'Move “Raise your rates” up' });
    await up.focus();
    const ordered = page.waitForResponse((r) => r.url().endsWith('/lessons/order') && r.ok());
    await page.keyboard.press('Enter');
    await ordered;
    await page.getByText('“Raise your rates” moved to position 1 of 2.').waitFor({ state: 'attached' });
    await page.reload();
    const lessons = page.getByRole('list', { name: 'Lessons' }).getByRole('listitem');
    await lessons.first().waitFor();
    expect(await lessons.nth(0).innerText()).toContain('Raise your rates');
    expect(await lessons.nth(1).innerText()).toContain('Price on value');
  });

  it('the academy and its lesson editor pass axe', async () => {
    await page.goto(`${origin}/coach/academy`);
    await page.getByRole('heading', { level: 1, name: 'Academy' }).waitFor();
    await page.getByRole('list', { name: 'Modules' }).waitFor();
    await accessibleAtBothWidths(page, 'academy');
    const first = page
      .getByRole('list', { name: /^Lessons of / })
      .first()
      .getByRole('link')
      .first();
    const title = await first.innerText();
    await first.click();
    await page.getByRole('heading', { level: 1, name: `Edit lesson: ${title}` }).waitFor();
    await page.getByRole('textbox', { name: 'Lesson text' }).waitFor();
    await accessibleAtBothWidths(page, 'academy lesson');
  });
});

describe('handing the group over (demo)', () => {
  it('is refused beside the choice while a member is not the colleague’s client, then done after a confirmation', async () => {
    await page.goto(groupUrl);
    const coachCard = page.getByRole('region', { name: 'Coach' });
    await coachCard.getByLabel('Hand over to').selectOption({ label: 'Elena Vasquez' });
    await coachCard.getByRole('button', { name: 'Hand over' }).click();
    await page
      .getByRole('alertdialog', { name: 'Hand over this group?' })
      .getByRole('button', { name: 'Hand over' })
      .click();
    await coachCard
      .getByText(/^Elena Vasquez does not coach .+: ask your admin to assign them first/)
      .waitFor();
    expect(await page.getByRole('heading', { level: 1, name: GROUP }).count()).toBe(1);

    const members = page.getByRole('table');
    await members.getByRole('button', { name: /^Remove .+ from the group$/ }).click();
    await page.getByText('No members yet.').waitFor();
    await coachCard.getByRole('button', { name: 'Hand over' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hand over this group?' });
    await expectNoSeriousViolations(page, 'hand-over dialog');
    await dialog.getByRole('button', { name: 'Hand over' }).click();
    await page.getByText(`"${GROUP}" is now Elena Vasquez's group`).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await page.getByRole('link', { name: 'Profit Accelerator' }).waitFor();
    expect(await page.getByRole('link', { name: GROUP }).count()).toBe(0);
    await page.goto(groupUrl);
    await page.getByRole('heading', { name: 'Group not found' }).waitFor();
  });
});

describe('another tenant (acme)', () => {
  it("the coach's groups, a seeded group, its lesson, the academy and a not-found group pass axe", async () => {
    const other = acme.page;
    await other.goto(`${acme.origin}/coach/groups`);
    await other.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await other.getByRole('list', { name: 'Your groups' }).waitFor();
    await accessibleAtBothWidths(other, 'acme groups');
    await other.getByRole('list', { name: 'Your groups' }).getByRole('link').first().click();
    await other.getByRole('heading', { level: 2, name: 'Members' }).waitFor();
    await accessibleAtBothWidths(other, 'acme group');
    await other
      .getByRole('list', { name: 'Lessons' })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .first()
      .click();
    await other.getByRole('textbox', { name: 'Lesson text' }).waitFor();
    await accessibleAtBothWidths(other, 'acme lesson');
    await other.goto(`${acme.origin}/coach/academy`);
    await other.getByRole('list', { name: 'Modules' }).waitFor();
    await accessibleAtBothWidths(other, 'acme academy');
    await acme.shot('academy');
    // The demo coach's group is not this coach's: the not-found state, not the group.
    await other.goto(`${acme.origin}${new URL(groupUrl).pathname}`);
    await other.getByRole('heading', { name: 'Group not found' }).waitFor();
    await accessibleAtBothWidths(other, 'acme group not found');
  });
});
