/**
 * The coach's Meetings in Chromium against the real API (PGlite, seeded): the demo coach schedules a meeting
 * with their client, the client (a browser of their own) sees it on /schedule in their zone and is mailed the
 * invitation (.ics, METHOD:REQUEST); an overlapping booking is warned about and made only on "Book anyway"; a
 * cancel asks first and mails METHOD:CANCEL; axe at 1280 and 375 px in two tenants (screenshots in
 * test-results/).
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
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'coach-meetings');
const client = useSignedInPage(app, 'demo', CLIENT, 'coach-meetings-client');
const otherTenant = useSignedInPage(app, 'acme', 'coach@acme.test', 'coach-meetings-acme');

let page: Page;
let origin: string;
beforeAll(() => {
  ({ page, origin } = coach);
});

/** A weekday about six weeks ahead, clear of the seeded meetings, as YYYY-MM-DD. */
function freeDay(): string {
  const day = new Date(Date.now() + 45 * 86_400_000);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const DAY = freeDay();

/** The .ics attached to the newest mail to `to` since `since` whose calendar method is `method`. */
async function invitation(to: string, since: number, method: string): Promise<string> {
  const base64 = await fromMail(
    to,
    since,
    new RegExp(`Content-Type: text/calendar; method=${method}[^]*?\\r?\\n\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`),
  );
  return Buffer.from(base64.replace(/\s+/g, ''), 'base64').toString('utf8');
}

const cards = () => page.getByRole('list', { name: 'Upcoming meetings' }).getByRole('listitem');

let clientId: number | undefined;

/** Opens New meeting and chooses the demo client (found by email in the picker's first answer). */
async function newMeeting(title: string, start: string) {
  const clients =
    clientId === undefined
      ? page.waitForResponse((r) => r.url().includes('/api/v1/coach/clients'))
      : undefined;
  await page.getByRole('button', { name: 'New meeting' }).click();
  if (clients) {
    const list = (await (await clients).json()) as { data: { id: number; email: string }[] };
    clientId = list.data.find((c) => c.email === CLIENT)!.id;
  }
  await page.getByLabel('Client').selectOption(String(clientId));
  await page.getByLabel('Title').fill(title);
  await page.getByLabel(/^Start/).fill(start);
  await page.getByLabel(/^Online link/).fill('https://meet.example.com/pricing');
}

describe("the coach's meetings (demo)", () => {
  it('the coach schedules a meeting; the client sees it in their zone and is mailed the invitation', async () => {
    await page.goto(`${origin}/coach/schedule`);
    await page.getByRole('heading', { level: 1, name: 'Meetings' }).waitFor();
    await cards().first().waitFor();
    await expectNoSeriousViolations(page, 'meetings');
    await newMeeting('Pricing follow-up', `${DAY}T15:00`);
    await expectNoSeriousViolations(page, 'new meeting');
    const since = Date.now() - 1000;
    const booked = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/coach/meetings') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Schedule meeting' }).click();
    const meeting = (await (await booked).json()).data as { starts_at: string };
    await page.getByRole('heading', { level: 2, name: 'Pricing follow-up' }).waitFor();
    await coach.shot('list');

    const ics = await invitation(CLIENT, since, 'REQUEST');
    expect(ics).toContain('METHOD:REQUEST\r\n');
    expect(ics).toContain(`DTSTART:${meeting.starts_at.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}\r\n`);

    const theirs = client.page;
    const schedule = theirs.waitForResponse((r) => r.url().includes('/api/v1/clientportal/schedule/'));
    await theirs.goto(`${client.origin}/schedule`);
    const zone = ((await (await schedule).json()) as { data: { time_zone: string } }).data.time_zone;
    const card = theirs.getByRole('listitem').filter({ hasText: 'Pricing follow-up' });
    await card.waitFor();
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      month: 'long',
      year: 'numeric',
    }).formatToParts(new Date(meeting.starts_at));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const text = await card.innerText();
    expect(text).toContain(`${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`);
    expect(text).toContain(part('month'));
    await client.shot('schedule');
  });

  it('warns of an overlap with the meetings in the way, and books only on Book anyway', async () => {
    const count = await cards().count();
    await newMeeting('Overlapping call', `${DAY}T15:30`);
    await page.getByRole('button', { name: 'Schedule meeting' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'overlaps your other meetings' });
    await warning.waitFor();
    expect(await warning.innerText()).toContain('Pricing follow-up');
    expect(await cards().count()).toBe(count);
    await expectNoSeriousViolations(page, 'overlap warning');
    await warning.getByRole('button', { name: 'Book anyway' }).click();
    await page.getByRole('heading', { level: 2, name: 'Overlapping call' }).waitFor();
    await expect.poll(() => cards().count()).toBe(count + 1);
  });

  it('cancels after a confirmation whose Keep meeting (focused) keeps it; the client is mailed the cancellation', async () => {
    const count = await cards().count();
    await page.getByRole('button', { name: 'Cancel Overlapping call' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this meeting?' });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, 'cancel dialog', 'body');
    // The safe button keeps the meeting and says so (no bare "Cancel" beside "Cancel meeting").
    expect(await dialog.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await cards().count()).toBe(count);
    await page.getByRole('button', { name: 'Cancel Overlapping call' }).click();
    await dialog.getByRole('button', { name: 'Keep meeting' }).waitFor();
    const since = Date.now() - 1000;
    await dialog.getByRole('button', { name: 'Cancel meeting' }).click();
    await toastOf(page, 'The meeting is cancelled').waitFor();
    await expect.poll(() => cards().count()).toBe(count - 1);
    expect(await invitation(CLIENT, since, 'CANCEL')).toContain('STATUS:CANCELLED\r\n');
  });

  it('has no serious axe violations at 375 px, nor in a second tenant', async () => {
    const visits: Visit[] = [
      {
        where: 'meetings',
        open: async () => {
          await page.reload();
          await cards().first().waitFor();
        },
      },
      {
        where: 'new meeting',
        open: async () => {
          await page.getByRole('button', { name: 'New meeting' }).click();
          await page.getByLabel('Title').waitFor();
          await coach.shot('narrow');
        },
      },
    ];
    await accessibleAtWidths(page, visits, { widths: [375] });

    const acme = otherTenant.page;
    await accessibleAtWidths(acme, [
      {
        where: 'acme meetings',
        open: async () => {
          await acme.goto(`${otherTenant.origin}/coach/schedule`);
          await acme.getByRole('heading', { level: 1, name: 'Meetings' }).waitFor();
          await acme.getByRole('list', { name: 'Upcoming meetings' }).waitFor();
        },
      },
    ]);
    await otherTenant.shot('acme');
  });
});
