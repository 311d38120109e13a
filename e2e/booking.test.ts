/**
 * Booking in Chromium against the real API (PGlite, seeded): the demo client books a free time of their coach's
 * on /book, sees it on /schedule, moves it and cancels it from its page, and the coach sees each step on Today
 * and Meetings; a time taken meanwhile is said with the nearest free times; a booking made with the keyboard
 * alone; axe at 1280 and 375 px in two tenants (demo, acme; screenshots in test-results/).
 *
 * The seed's client@ has every training flag on, booking among them. Until the seed gives the coaches
 * availability, each test coach gets it here through their own API: every day 08:00-18:00 in their zone and a
 * meeting type of this file's.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Visit,
  accessibleAtWidths,
  expectNoSeriousViolations,
  useAppStack,
  useSignedInPage,
} from './app-support';

const TYPE = 'Booked check-in';
const app = useAppStack(['demo', 'acme']);
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'booking-coach');
const client = useSignedInPage(app, 'demo', 'client@demo.test', 'booking');
const acmeCoach = useSignedInPage(app, 'acme', 'coach@acme.test', 'booking-acme-coach');
const acme = useSignedInPage(app, 'acme', 'client@acme.test', 'booking-acme');

type Headers = Record<string, string>;

/** The bearer token and tenant of a signed-in page, read off its next call to the API. */
async function headersOf(page: Page, path: string): Promise<Headers> {
  const asked = page.waitForRequest((r) => r.url().includes('/api/v1/'));
  await page.goto(path);
  const headers = (await asked).headers();
  return { authorization: headers['authorization']!, 'x-tenant-id': headers['x-tenant-id']! };
}

/** A call to the API as a person, as their own pages make it; the answer's status must be `status`. */
async function call(headers: Headers, method: string, url: string, body?: unknown, status = 200) {
  const res = await fetch(`${app.stack.apiUrl}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${url}: ${text}`).toBe(status);
  return text ? (JSON.parse(text) as { data: unknown }).data : undefined;
}

/** Every day 08:00-18:00, an hour's notice, six weeks ahead, and a 30-minute video meeting type. */
async function openTheCalendar(headers: Headers): Promise<void> {
  await call(headers, 'PUT', '/api/v1/coach/availability', {
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
    days: [],
    settings: {
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: 60,
      horizon_days: 42,
      max_per_day: null,
    },
  });
  await call(
    headers,
    'POST',
    '/api/v1/coach/meeting-types',
    {
      name: TYPE,
      duration_minutes: 30,
      description: 'Half an hour to look at where you are.',
      location: 'video',
      audience: 'clients',
      notice_hours: 24,
    },
    201,
  );
}

let clientHeaders: Headers;
beforeAll(async () => {
  await openTheCalendar(await headersOf(coach.page, `${coach.origin}/coach`));
  await openTheCalendar(await headersOf(acmeCoach.page, `${acmeCoach.origin}/coach`));
  clientHeaders = await headersOf(client.page, `${client.origin}/schedule`);
});

/** The calendar day `days` after today in `zone`, as YYYY-MM-DD. */
function dayAhead(zone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface SlotsAnswer {
  time_zone: string;
  days: { date: string; slots: { start: string }[] }[];
}

/** Chooses the meeting type on /book and reads the free times the page asked for. */
async function openTheTimes(page: Page): Promise<SlotsAnswer> {
  const slots = page.waitForResponse((r) => r.url().includes('/api/v1/booking/slots'));
  await page.getByRole('link', { name: TYPE }).click();
  const answer = ((await (await slots).json()) as { data: SlotsAnswer }).data;
  await page.getByRole('heading', { level: 2, name: 'Choose a time' }).waitFor();
  await page.locator('.slot-day').first().waitFor();
  return answer;
}

/** The first free time on or after the day `days` ahead (in the answer's zone), and its button. */
function slotFrom(page: Page, answer: SlotsAnswer, days: number): { start: string; button: Locator } {
  const from = dayAhead(answer.time_zone, days);
  const day = answer.days.find((d) => d.date >= from && d.slots.length > 0)!;
  return {
    start: day.slots[0]!.start,
    button: page.locator(`section[aria-labelledby="day-${day.date}"]`).getByRole('button').first(),
  };
}

/** The coach's Today lists the meeting at `start` in the week ahead (or, with `gone`, no longer lists it). */
async function coachToday(start: string, gone = false) {
  const page = coach.page;
  await page.goto(`${coach.origin}/coach`);
  const week = page.getByRole('region', { name: 'The week ahead' });
  await week.waitFor();
  const item = week.getByRole('listitem').filter({ has: page.locator(`time[datetime="${start}"]`) });
  if (gone) expect(await item.filter({ hasText: TYPE }).count()).toBe(0);
  else await item.filter({ hasText: TYPE }).waitFor();
}

/** How many of the coach's upcoming meetings on Meetings are of this file's type. */
async function coachMeetings(): Promise<number> {
  const page = coach.page;
  await page.goto(`${coach.origin}/coach/schedule`);
  const list = page.getByRole('list', { name: 'Upcoming meetings' });
  await list.getByRole('listitem').first().waitFor();
  return list.getByRole('listitem').filter({ hasText: TYPE }).count();
}

describe('a client books, moves and cancels (demo)', () => {
  let booked: { id: number; start: string };

  it('books a free time three days ahead with a note; it is on /schedule, Today and Meetings', async () => {
    const page = client.page;
    await page.goto(`${client.origin}/schedule`);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Book a session' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Choose a meeting' }).waitFor();
    await expectNoSeriousViolations(page, 'meeting types');
    const answer = await openTheTimes(page);
    await client.shot('times');
    const slot = slotFrom(page, answer, 3);
    await slot.button.click();
    await page.getByRole('heading', { level: 2, name: 'Confirm your meeting' }).waitFor();
    await page.getByLabel('A note for your coach (optional)').fill('The spring price list');
    await client.shot('confirm');
    const made = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/booking') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect((await made).status()).toBe(201);
    booked = ((await (await made).json()) as { data: { id: number; start: string } }).data;
    expect(booked.start).toBe(slot.start);
    const done = page.getByRole('heading', { level: 2, name: 'Your meeting is booked' });
    await done.waitFor();
    expect(await done.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Your meeting is booked.' }).count()).toBe(1);
    await client.shot('booked');

    await page.getByRole('link', { name: 'See My Schedule' }).click();
    const card = page.getByRole('listitem').filter({ has: page.locator(`time[datetime="${booked.start}"]`) });
    await card.filter({ hasText: TYPE }).waitFor();
    await client.shot('schedule');
    await coachToday(booked.start);
    expect(await coachMeetings()).toBe(1);
  });

  it('moves it from /schedule; the old time stays until the new one is confirmed', async () => {
    const page = client.page;
    await page.getByRole('link', { name: `Move or cancel: ${TYPE}` }).click();
    await page.getByRole('heading', { level: 2, name: TYPE }).waitFor();
    await expectNoSeriousViolations(page, 'meeting page');
    await client.shot('meeting');
    const slots = page.waitForResponse((r) => r.url().includes('/api/v1/booking/slots'));
    await page.getByRole('button', { name: 'Move' }).click();
    const answer = ((await (await slots).json()) as { data: SlotsAnswer }).data;
    await page.getByText('stays at', { exact: false }).waitFor();
    const slot = slotFrom(page, answer, 4);
    await slot.button.click();
    await page.getByRole('heading', { level: 2, name: 'Move your meeting' }).waitFor();
    await page.getByRole('button', { name: 'Confirm move' }).click();
    await page.getByRole('status').filter({ hasText: 'Your meeting is moved to' }).waitFor();
    await page.locator(`time[datetime="${slot.start}"]`).waitFor();
    await coachToday(slot.start);
    await coachToday(booked.start, true);
    expect(await coachMeetings()).toBe(1);
    booked = { ...booked, start: slot.start };
  });

  it('cancels it after asking, Keep meeting first; it leaves /schedule, Today and Meetings', async () => {
    const page = client.page;
    await page.getByRole('button', { name: 'Cancel meeting' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this meeting?' });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, 'cancel dialog', 'body');
    await dialog.getByRole('button', { name: 'Keep meeting' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cancel meeting' }).click();
    const cancelled = page.waitForResponse((r) => r.url().endsWith(`/meetings/${booked.id}/cancel`));
    await dialog.getByRole('button', { name: 'Cancel meeting' }).click();
    expect((await cancelled).status()).toBe(200);
    await page.getByRole('heading', { level: 2, name: 'Your meeting is cancelled' }).waitFor();
    await page.getByRole('link', { name: 'See My Schedule' }).click();
    await page.getByRole('heading', { level: 2, name: 'Upcoming meetings' }).waitFor();
    expect(await page.locator(`time[datetime="${booked.start}"]`).count()).toBe(0);
    await coachToday(booked.start, true);
    expect(await coachMeetings()).toBe(0);
  });

  it('says a time taken meanwhile where it was chosen, with the nearest free times, the note kept', async () => {
    const page = client.page;
    await page.goto(`${client.origin}/book`);
    const answer = await openTheTimes(page);
    const slot = slotFrom(page, answer, 5);
    await slot.button.click();
    await page.getByLabel('A note for your coach (optional)').fill('Kept through the race');
    // Another door books that time first: the client's own API call, as a second tab would.
    const { coaches } = (await call(clientHeaders, 'GET', '/api/v1/booking')) as {
      coaches: { id: number; types: { id: number; name: string }[] }[];
    };
    const owner = coaches.find((c) => c.types.some((t) => t.name === TYPE))!;
    const typeId = owner.types.find((t) => t.name === TYPE)!.id;
    await call(
      clientHeaders,
      'POST',
      '/api/v1/booking',
      { coach_id: owner.id, type_id: typeId, start: slot.start },
      201,
    );

    await page.getByRole('button', { name: 'Confirm' }).click();
    const nearest = page.getByRole('list', { name: 'The nearest free times' });
    await nearest.waitFor();
    await expectNoSeriousViolations(page, 'just taken');
    await client.shot('taken');
    await nearest.getByRole('button').first().click();
    expect(await page.getByLabel('A note for your coach (optional)').inputValue()).toBe(
      'Kept through the race',
    );
    const made = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/booking') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect((await made).status()).toBe(201);
    await page.getByRole('heading', { level: 2, name: 'Your meeting is booked' }).waitFor();
  });
});

/** Presses Tab until `target` has the focus (a keyboard's way there), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

describe('booking with the keyboard alone', () => {
  it('reaches every step by Tab and Enter, the focus on each step’s heading', async () => {
    const page = client.page;
    await page.goto(`${client.origin}/schedule`);
    await page.getByRole('heading', { level: 1, name: 'My Schedule' }).waitFor();
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Book a session' }),
    );
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Choose a meeting' }).waitFor();
    const type = page.getByRole('link', { name: TYPE });
    await tabTo(page, type);
    const slots = page.waitForResponse((r) => r.url().includes('/api/v1/booking/slots'));
    await page.keyboard.press('Enter');
    const answer = ((await (await slots).json()) as { data: SlotsAnswer }).data;
    const times = page.getByRole('heading', { level: 2, name: 'Choose a time' });
    await times.waitFor();
    expect(await hasFocus(times)).toBe(true);
    const slot = slotFrom(page, answer, 6);
    await tabTo(page, slot.button, 400);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('heading', { level: 2, name: 'Confirm your meeting' });
    await confirm.waitFor();
    expect(await hasFocus(confirm)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByLabel('A note for your coach (optional)'))).toBe(true);
    await page.keyboard.type('Booked without a mouse');
    await tabTo(page, page.getByRole('button', { name: 'Confirm' }));
    const made = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/booking') && r.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    const booked = ((await (await made).json()) as { data: { start: string; note: string } }).data;
    expect(booked).toMatchObject({ start: slot.start, note: 'Booked without a mouse' });
    const done = page.getByRole('heading', { level: 2, name: 'Your meeting is booked' });
    await done.waitFor();
    expect(await hasFocus(done)).toBe(true);
  });
});

describe('axe and the phone', () => {
  /** The booking steps of `who` (types, times, confirm, booked) and the meeting's page, checked and shot. */
  const steps = (who: typeof client, name: string): Visit[] => [
    {
      where: `${name} types`,
      open: async () => {
        await who.page.goto(`${who.origin}/book`);
        await who.page.getByRole('link', { name: TYPE }).waitFor();
      },
    },
    {
      where: `${name} times`,
      open: async (width) => {
        await openTheTimes(who.page);
        await who.shot(`times-${width}`);
      },
    },
    {
      where: `${name} confirm`,
      open: async (width) => {
        await who.page.locator('.slot-day').first().getByRole('button').first().click();
        await who.page.getByRole('heading', { level: 2, name: 'Confirm your meeting' }).waitFor();
        await who.shot(`confirm-${width}`);
      },
    },
    {
      where: `${name} booked`,
      open: async () => {
        await who.page.getByRole('button', { name: 'Confirm' }).click();
        await who.page.getByRole('heading', { level: 2, name: 'Your meeting is booked' }).waitFor();
      },
    },
    {
      where: `${name} meeting`,
      open: async (width) => {
        await who.page.getByRole('link', { name: 'Move or cancel' }).click();
        // The first free time is within the notice: the page states the policy instead of Move and Cancel.
        await who.page
          .getByText('Meetings can be moved or cancelled up to 24 hours before they start.')
          .waitFor();
        await who.shot(`meeting-${width}`);
      },
    },
  ];

  it('has no serious violations at 1280 and 375 px in demo and acme', async () => {
    await accessibleAtWidths(client.page, steps(client, 'demo'));
    await accessibleAtWidths(acme.page, steps(acme, 'acme'));
  });
});
