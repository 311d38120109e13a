/**
 * The coach's programme in Chromium against the real API (PGlite, seeded): the demo coach schedules a live
 * session for their group (the member is mailed the .ics), shares a link from their library with a client who
 * then sees it on My Resources, deletes a link and takes it back with Undo, writes an assessment (autosaved,
 * "Saved" shown) and opens a flash lesson the client then finds open on My Lessons; the member ticks a step of
 * a group lesson and the coach's Progress shows it. Axe at 1280 and 375 px in demo and acme on every page
 * built here (Live sessions, Progress, Resources, Assessment).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Visit,
  accessibleAtWidths,
  expectNoSeriousViolations,
  fromMail,
  toastOf,
  useAppStack,
  useSignedInPage,
} from './app-support';

const CLIENT = 'client@demo.test';
const app = useAppStack(['demo', 'acme']);
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'coach-programme');
const client = useSignedInPage(app, 'demo', CLIENT, 'coach-programme-client');
const acme = useSignedInPage(app, 'acme', 'coach@acme.test', 'coach-programme-acme');

interface ClientPage {
  client: { id: number; first_name: string; last_name: string; email: string };
  groups: { id: number; group_id: number; status: string }[];
}

/** The coach's page of their client with this email, as the API answered it: its ids and groups. */
async function openClient(page: Page, origin: string, email: string): Promise<ClientPage> {
  const list = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/coach/clients');
  await page.goto(`${origin}/coach/clients`);
  const clients = ((await (await list).json()) as { data: { id: number; email: string }[] }).data;
  const id = clients.find((c) => c.email === email)!.id;
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/coach/clients/${id}`);
  await page.goto(`${origin}/coach/clients/${id}`);
  return ((await (await answer).json()) as { data: ClientPage }).data;
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

/** A weekday about five weeks ahead at 10:00, as the start field takes it. */
function nextStart(): string {
  const day = new Date(Date.now() + 35 * 86_400_000);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return `${day.toISOString().slice(0, 10)}T10:00`;
}

let member: ClientPage;
let groupId: number;
let userGroupId: number;

beforeAll(async () => {
  member = await openClient(coach.page, coach.origin, CLIENT);
  const group = member.groups.find((g) => g.status === 'active')!;
  groupId = group.group_id;
  userGroupId = group.id;
});

describe("the coach's programme (demo)", () => {
  it('schedules a live session; the member is mailed the invitation', async () => {
    const { page, origin } = coach;
    await page.goto(`${origin}/coach/groups/${groupId}/sessions`);
    await heading(page, /^Live sessions: /);
    await expectNoSeriousViolations(page, 'live sessions');
    await page.getByRole('button', { name: 'New live session' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'New live session' });
    await form.getByLabel('Title').fill('Pricing clinic');
    await form.getByLabel(/^Start/).fill(nextStart());
    await form.getByLabel(/^Online link/).fill('https://meet.example.com/clinic');
    await expectNoSeriousViolations(page, 'new live session');
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Schedule and invite members' }).click();
    const card = page
      .getByRole('list', { name: 'Live sessions' })
      .getByRole('listitem')
      .filter({ hasText: 'Pricing clinic' });
    await card.waitFor();
    const base64 = await fromMail(
      CLIENT,
      since,
      /Content-Type: text\/calendar; method=REQUEST[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/,
    );
    const ics = Buffer.from(base64.replace(/\s+/g, ''), 'base64').toString('utf8');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toMatch(/UID:group-session-\d+@/);
    expect(ics).toContain('Pricing clinic');
    await coach.shot('sessions');
  });

  it('shares a link with a client, who sees it; a deleted link comes back with Undo', async () => {
    const { page, origin } = coach;
    await page.goto(`${origin}/coach/resources`);
    await heading(page, 'Resources');
    await expectNoSeriousViolations(page, 'resources');
    const addLink = page.getByRole('form', { name: 'Add a link' });
    await addLink.getByLabel('Link title').fill('Menu pricing guide');
    await addLink.getByLabel('Address').fill('https://example.org/menu-pricing');
    await addLink.getByRole('button', { name: 'Add link' }).click();
    const entry = page
      .getByRole('list', { name: 'Your library' })
      .getByRole('listitem')
      .filter({ hasText: 'Menu pricing guide' })
      .first();
    await entry.getByText('Not shared yet: no client sees it.').waitFor();
    const share = entry.getByRole('form', { name: 'Share “Menu pricing guide”' });
    await share.getByLabel('Share with').selectOption('client');
    await share.getByLabel('One client').selectOption(String(member.client.id));
    await share.getByRole('button', { name: 'Share' }).click();
    await entry.getByText(`Shared with ${member.client.first_name} ${member.client.last_name}`).waitFor();
    await expectNoSeriousViolations(page, 'resources with a share');

    await client.page.goto(`${client.origin}/resources`);
    const shared = client.page.getByRole('region', { name: 'Shared by your coach' });
    expect(await shared.getByRole('link', { name: 'Menu pricing guide' }).getAttribute('href')).toBe(
      'https://example.org/menu-pricing',
    );

    await addLink.getByLabel('Link title').fill('Old supplier list');
    await addLink.getByLabel('Address').fill('https://example.org/suppliers');
    await addLink.getByRole('button', { name: 'Add link' }).click();
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/coach\/resources\/\d+\/delete$/.test(r.url())) deletes.push(r.url());
    });
    const old = page.getByRole('button', { name: 'Delete Old supplier list' });
    await old.click();
    await expect.poll(() => old.count()).toBe(0);
    await toastOf(page, '"Old supplier list" deleted').getByRole('button', { name: 'Undo' }).click();
    await old.waitFor();
    // Undo withdrew the delete: leaving the page (which sends deletes still waiting) sends none.
    await page.reload();
    await page.getByRole('button', { name: 'Delete Old supplier list' }).waitFor();
    expect(deletes).toEqual([]);
    await coach.shot('resources');
  });

  it('writes an assessment (autosaved) and opens a flash lesson the client then finds open', async () => {
    const { page, origin } = coach;
    // The client's locked flash lesson and the assessment it belongs to, as the client's My Lessons reads them.
    const listed = client.page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/flashcoaching/lessons',
    );
    await client.page.goto(`${client.origin}/lessons`);
    const lessons = (
      (await (await listed).json()) as {
        data: { assessment_id: number; access: number; lesson: { id: number; title: string } }[];
      }
    ).data;
    const locked = lessons.find((l) => l.access === 0)!;
    expect(await client.page.getByRole('link', { name: locked.lesson.title }).count()).toBe(0);

    await page.goto(`${origin}/coach/clients/${member.client.id}/assessments/${locked.assessment_id}`);
    await heading(page, /^Assessment: /);
    await expectNoSeriousViolations(page, 'assessment');
    await page.getByRole('region', { name: 'Details' }).getByLabel('Title').fill('Spring review, revised');
    await page.getByRole('region', { name: 'Details' }).getByText('Saved').waitFor();
    await page.getByLabel('Line name').fill('Catering margin');
    await page.getByRole('button', { name: 'Add line' }).click();
    const line = page
      .getByRole('list', { name: 'Analysis lines' })
      .getByRole('listitem')
      .filter({ hasText: 'Catering margin' });
    await line.getByLabel(/^Potential/).fill('4000');
    await line.getByText('Saved').waitFor();
    await expectNoSeriousViolations(page, 'assessment with a new line');

    // By keyboard: the button takes the focus and Enter opens the lesson.
    await page.getByRole('button', { name: `Open ${locked.lesson.title}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Close ${locked.lesson.title}` }).waitFor();
    await client.page.reload();
    await client.page.getByRole('link', { name: locked.lesson.title }).waitFor();
    await coach.shot('assessment');
  });

  it("shows a member's ticks on the group's progress, and offers the CSV", async () => {
    const { page, origin } = coach;
    const progress = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/v1/coach/groups/${groupId}/progress`,
    );
    await page.goto(`${origin}/coach/groups/${groupId}/progress`);
    const first = (
      (await (await progress).json()) as { data: { lessons: { lesson: { id: number; title: string } }[] } }
    ).data.lessons[0]!.lesson;
    await heading(page, /^Progress: /);

    await client.page.goto(`${client.origin}/groups/${groupId}/${userGroupId}/lesson/${first.id}`);
    const sent = client.page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/training-analytics/') && r.request().method() === 'POST',
    );
    await client.page.getByRole('checkbox', { name: 'I prepared for the meeting' }).check();
    await client.page.getByRole('checkbox', { name: 'I took the quiz' }).check();
    expect((await sent).status()).toBe(200);

    await page.reload();
    const row = page.getByRole('row', {
      name: new RegExp(`${member.client.first_name} ${member.client.last_name}`),
    });
    await expect.poll(() => row.getByRole('cell').first().innerText()).toMatch(/^Watched, 2 of 5 steps/);
    await expectNoSeriousViolations(page, 'progress');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/progress\.csv$/);
    await coach.shot('progress');
  });

  it('has no serious axe violations at 375 px, nor in a second tenant at either width', async () => {
    const other = await openClient(acme.page, acme.origin, 'client@acme.test');
    const otherGroup = other.groups.find((g) => g.status === 'active')!.group_id;
    const otherAssessment = await acme.page
      .getByRole('region', { name: 'Assessments' })
      .getByRole('link')
      .first()
      .getAttribute('href');
    const visits = (page: Page, o: string, group: number, assessment: string): Visit[] =>
      (
        [
          [`${o}/coach/groups/${group}/sessions`, /^Live sessions: /],
          [`${o}/coach/groups/${group}/progress`, /^Progress: /],
          [`${o}/coach/resources`, 'Resources'],
          [`${o}${assessment}`, /^Assessment: /],
        ] as const
      ).map(([url, name]) => ({
        where: url,
        open: async () => {
          await page.goto(url);
          await heading(page, name);
          await page.locator('.page .card').first().waitFor();
        },
      }));
    const assessment = `/coach/clients/${member.client.id}/assessments/${await firstAssessment()}`;
    await accessibleAtWidths(coach.page, visits(coach.page, coach.origin, groupId, assessment), {
      widths: [375],
    });
    await accessibleAtWidths(acme.page, visits(acme.page, acme.origin, otherGroup, otherAssessment!));
  });
});

/** The href's assessment id of the demo client's first assessment on the coach's client page. */
async function firstAssessment(): Promise<string> {
  const { page } = coach;
  await page.goto(`${coach.origin}/coach/clients/${member.client.id}`);
  const href = await page
    .getByRole('region', { name: 'Assessments' })
    .getByRole('link')
    .first()
    .getAttribute('href');
  return href!.split('/').pop()!;
}
