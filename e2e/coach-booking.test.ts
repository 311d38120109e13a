/**
 * The coach's booking screens in Chromium against the real API (PGlite, seeded): the demo coach sets their
 * weekly hours by keyboard alone, adds a meeting type, sees what clients are offered for it, then adds an outside
 * calendar (served by this test on 127.0.0.1) and sees it read: its state in words, and its busy time gone from
 * what clients are offered. axe at 1280 and 375 px in two tenants; screenshots in test-results/.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Visit,
  accessibleAtWidths,
  expectNoSeriousViolations,
  toastOf,
  useAppStack,
  useSignedInPage,
  callApiFrom,
} from './app-support';

const app = useAppStack(['demo', 'acme']);
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'coach-booking');
const otherTenant = useSignedInPage(app, 'acme', 'coach@acme.test', 'coach-booking-acme');

interface MeetingTypeRow {
  name: string;
  prep_form_id: number | null;
}
interface Slot {
  start: string;
  end: string;
}
interface SlotsPage {
  time_zone: string;
  days: { date: string; slots: Slot[] }[];
}

/** The outside calendar: one busy event, set once the test knows which offered time it should take away. */
let busy: Slot | undefined;
let calendarServer: Server;
let calendarUrl: string;
let served = 0;
/** From when the calendar's address answers 404, as a reset secret address does. */
let gone = false;

const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

beforeAll(async () => {
  calendarServer = createServer((_req, res) => {
    served += 1;
    if (gone) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const events = busy
      ? [
          'BEGIN:VEVENT',
          'UID:busy-1@coach-booking.test',
          'DTSTAMP:20300101T000000Z',
          `DTSTART:${icsTime(busy.start)}`,
          `DTEND:${icsTime(busy.end)}`,
          'SUMMARY:Dentist (a title clients never see)',
          'END:VEVENT',
        ]
      : [];
    const body = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//coach-booking e2e//EN',
      ...events,
      'END:VCALENDAR',
    ];
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    res.end(`${body.join('\r\n')}\r\n`);
  });
  await new Promise<void>((resolve) => calendarServer.listen(0, '127.0.0.1', resolve));
  calendarUrl = `http://127.0.0.1:${(calendarServer.address() as AddressInfo).port}/private/basic.ics`;
});
afterAll(() => new Promise<void>((resolve) => calendarServer.close(() => resolve())));

let page: Page;
let origin: string;

const asCoach = (method: string, url: string, body?: unknown) => callApiFrom(page, method, url, body);

// The demo coach starts with no hours, no outside calendar and no feed, whatever the seed gave them: the test
// sets them up itself, from the empty state a new coach meets.
beforeAll(async () => {
  ({ page, origin } = coach);
  const { body } = await asCoach('GET', '/api/v1/coach/availability');
  const { settings } = body.data as { settings: unknown };
  expect(
    (await asCoach('PUT', '/api/v1/coach/availability', { weekly: [], days: [], settings })).status,
  ).toBe(200);
  const calendars = (await asCoach('GET', '/api/v1/coach/calendars')).body.data as { id: number }[];
  for (const { id } of calendars)
    expect((await asCoach('DELETE', `/api/v1/coach/calendars/${id}`)).status).toBe(200);
  expect((await asCoach('DELETE', '/api/v1/calendar-feed')).status).toBe(200);
});

const isSlots = (r: Response) => r.url().includes('/api/v1/coach/booking/slots');
const readSlots = async (r: Promise<Response>) => (await (await r).json()).data as SlotsPage;
const group = (name: string) => page.getByRole('group', { name, exact: true });

/** An instant's time of day in `zone` as the app writes it ('9:00 am'). */
function timeOf(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/** A date as the app's day headings write it: 'Monday, March 11th, 2030'. */
function dayWords(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  const words = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(at);
  const n = at.getUTCDate();
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${words({ weekday: 'long' })}, ${words({ month: 'long' })} ${n}${suffix}, ${at.getUTCFullYear()}`;
}

const preview = () => page.getByRole('region', { name: 'What your clients see' });

/** The preview's day, by its ISO date. */
const previewDay = (date: string) =>
  preview()
    .getByRole('list', { name: 'Free times' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: dayWords(date), exact: true }) });

/** Chooses `typeName` in the preview and returns the slots the API answered for it. */
async function previewOf(typeName: string): Promise<SlotsPage> {
  const select = preview().getByLabel('Meeting type');
  await select.waitFor();
  const id = await select.getByRole('option', { name: typeName }).getAttribute('value');
  const answer = page.waitForResponse(
    (r) => isSlots(r) && new URL(r.url()).searchParams.get('type_id') === id,
  );
  // A type already chosen asks nothing new: the page is read again instead (it then chooses the first type).
  if ((await select.inputValue()) === id) await page.reload();
  else await select.selectOption(id ?? '');
  const slots = await readSlots(answer);
  await preview().getByRole('list', { name: 'Free times' }).waitFor();
  return slots;
}

let offered: SlotsPage;

describe("the coach's booking screens (demo)", () => {
  it('sets the weekly hours by keyboard alone', async () => {
    await page.goto(`${origin}/coach/availability`);
    await page.getByRole('heading', { level: 1, name: 'Availability' }).waitFor();
    await page.getByText("Clients can't book you until you add hours").waitFor();
    await expectNoSeriousViolations(page, 'availability, empty');
    await coach.shot('availability-empty');

    // From the first control of the editor, Tab and Enter only.
    await page.getByRole('button', { name: 'Add hours on Monday' }).focus();
    await page.keyboard.press('Enter');
    const from = group('Monday').getByLabel('From');
    await expect.poll(() => from.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('9');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1700');
    await page.keyboard.press('Tab'); // Remove
    await page.keyboard.press('Tab'); // Add hours
    await page.keyboard.press('Tab'); // Copy Monday to weekdays
    await page.keyboard.press('Enter');
    await page.getByText("Monday's hours are copied to Tuesday to Friday.").waitFor();
    expect(await group('Friday').getByLabel('From').inputValue()).toBe('09:00');
    expect(await group('Friday').getByLabel('To').inputValue()).toBe('17:00');
    expect(await group('Saturday').getByText('Not available').count()).toBe(1);
    // Back to a field of the form: Enter there saves the whole.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/coach/availability') && r.request().method() === 'PUT',
    );
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await toastOf(page, 'Your availability is saved.').waitFor();
    await page.getByText("Clients can't book you").waitFor({ state: 'detached' });

    // What was saved is what the page shows after a reload.
    await page.reload();
    expect(await group('Wednesday').getByLabel('To').inputValue()).toBe('17:00');
    expect(await page.getByText("Clients can't book you").count()).toBe(0);
  });

  it("refuses hours that cannot be, beside their range, keeping what was typed (the editor's and the API's)", async () => {
    const saturday = group('Saturday');
    await saturday.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await saturday.getByLabel('To').fill('08:00');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await saturday.getByText('End after the start.').waitFor();

    // Two ranges that overlap: only the API sees it, and says so beside the later one.
    await saturday.getByLabel('To').fill('12:00');
    await saturday.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await saturday.getByLabel('From').nth(1).fill('11:00');
    await saturday.getByLabel('To').nth(1).fill('15:00');
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/coach/availability') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save availability' }).click();
    expect((await refused).status()).toBe(422);
    await saturday
      .getByRole('listitem')
      .nth(1)
      .getByText('This range overlaps another on Saturday.')
      .waitFor();
    expect(await saturday.getByText('This range overlaps another on Saturday.').count()).toBe(1);
    // The keyboard is on the range the sentence is about, whose first field it describes.
    const later = saturday.getByLabel('From').nth(1);
    expect(await later.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await later.getAttribute('aria-invalid')).toBe('true');
    expect(await saturday.getByLabel('To').nth(1).getAttribute('aria-invalid')).toBeNull();
    expect(await saturday.getByLabel('From').nth(1).inputValue()).toBe('11:00');
    expect(await toastOf(page, 'overlaps').count()).toBe(0);
    await expectNoSeriousViolations(page, 'availability, problems');
    await coach.shot('availability-refused');
    await saturday.getByRole('button', { name: 'Remove Saturday hours 2' }).click();
    await saturday.getByRole('button', { name: 'Remove Saturday hours 1' }).click();
    await saturday.getByText('Not available').waitFor();
  });

  it('adds a meeting type', async () => {
    await page
      .getByRole('navigation', { name: 'Booking' })
      .getByRole('link', { name: 'Meeting types' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Meeting types' }).waitFor();
    await page.getByRole('button', { name: 'New meeting type' }).click();
    const form = page.getByRole('form', { name: 'New meeting type' });
    await form.getByLabel('Name').fill('Strategy hour');
    await form.getByLabel('Length (minutes)').fill('60');
    await form.getByRole('radio', { name: 'Phone call' }).check();
    // The business's prep form (the seed's); "None" until the coach chooses one.
    const prep = form.getByLabel('Prep form');
    await form.getByText('Sent to the client when they book; they fill it before the meeting.').waitFor();
    expect(await prep.inputValue()).toBe('');
    await prep
      .getByRole('option', { name: "Before our session (your business's)" })
      .waitFor({ state: 'attached' });
    await prep.selectOption({ label: "Before our session (your business's)" });
    await expectNoSeriousViolations(page, 'new meeting type');
    await coach.shot('meeting-type-form');
    await form.getByRole('button', { name: 'Add meeting type' }).click();
    await toastOf(page, 'The meeting type is added.').waitFor();
    const card = page
      .getByRole('list', { name: 'Meeting types' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { name: 'Strategy hour' }),
      });
    await card.waitFor();
    expect(await card.innerText()).toContain('60 minutes · Phone call · All your clients');
    await coach.shot('meeting-types');
    const library = (await asCoach('GET', '/api/v1/forms/library')).body.data as {
      id: number;
      title: string;
    }[];
    const types = (await asCoach('GET', '/api/v1/coach/meeting-types')).body.data as MeetingTypeRow[];
    expect(types.find((t) => t.name === 'Strategy hour')?.prep_form_id).toBe(
      library.find((f) => f.title === 'Before our session')?.id,
    );
  });

  it('shows the API’s refusal of a prep form archived meanwhile beside the select, keeping the choice', async () => {
    const made = await asCoach('POST', '/api/v1/forms/library', {
      title: 'Quick check-in',
      layout: {
        sections: [
          { title: '', questions: [{ id: 'mood', kind: 'scale', label: 'Your mood', required: false }] },
        ],
      },
    });
    expect(made.status).toBe(201);
    const { id } = made.body.data as { id: number };
    // A fresh read of the forms, as the coach opening the page gets it.
    await page.reload();
    await page.getByRole('button', { name: 'Edit Strategy hour' }).click();
    const form = page.getByRole('form', { name: 'Change "Strategy hour"' });
    const prep = form.getByLabel('Prep form');
    await prep.getByRole('option', { name: 'Quick check-in' }).waitFor({ state: 'attached' });
    await prep.selectOption({ label: 'Quick check-in' });
    // Archived in another tab before this one saves.
    expect((await asCoach('POST', `/api/v1/forms/library/${id}/archive`, { archived: true })).status).toBe(
      200,
    );
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText("Choose one of your forms or your business's, not an archived one.").waitFor();
    expect(await prep.inputValue()).toBe(String(id));
    expect(await prep.getAttribute('aria-invalid')).toBe('true');
    await coach.shot('meeting-type-prep-refused');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('previews what clients see for the type, in the coach’s zone', async () => {
    await page.getByRole('navigation', { name: 'Booking' }).getByRole('link', { name: 'Hours' }).click();
    offered = await previewOf('Strategy hour (60 minutes)');
    const days = offered.days.filter((d) => d.slots.length > 0);
    expect(days.length).toBeGreaterThanOrEqual(3);
    // Weekdays only, 9 to 5 on the coach's clock: every hour-long slot starts from 9:00 to 4:00 pm.
    for (const { date, slots } of days) {
      expect(dayWords(date)).not.toMatch(/^(Saturday|Sunday)/);
      for (const s of slots)
        expect(timeOf(s.start, offered.time_zone)).toMatch(/^(9|10|11):\d\d am$|^(12|1|2|3|4):\d\d pm$/);
    }
    const day = days[2]!;
    expect(await previewDay(day.date).innerText()).toContain(timeOf(day.slots[0]!.start, offered.time_zone));
    expect(await page.getByText(/are shown in /).count()).toBe(1);
    await coach.shot('preview');
  });

  it('adds a calendar, sees it read, and its busy time is no longer offered', async () => {
    // The busy event takes the first offered hour of the third day with free times.
    const day = offered.days.filter((d) => d.slots.length > 0)[2]!;
    busy = day.slots[0]!;
    const taken = timeOf(busy.start, offered.time_zone);

    await page.getByRole('navigation', { name: 'Booking' }).getByRole('link', { name: 'Calendars' }).click();
    await page.getByRole('heading', { level: 1, name: 'Calendars' }).waitFor();
    await page.getByText('No calendars added yet.').waitFor();
    const form = page.getByRole('form', { name: 'Add a calendar' });
    await form.getByLabel('Name').fill('Dentist and family');
    await form.getByLabel(/^Secret address/).fill(calendarUrl);
    await form.getByRole('button', { name: 'Add calendar' }).click();
    const card = page.getByRole('list', { name: 'Your calendars' }).getByRole('listitem');
    await card.getByText(/Last read (just now|\d+ minutes? ago) · 1 busy time$/).waitFor();
    expect(served).toBeGreaterThan(0);
    expect(await card.innerText()).toContain('127.0.0.1');
    expect(await card.innerText()).not.toContain('/private/basic.ics');
    await expectNoSeriousViolations(page, 'calendars');
    await coach.shot('calendars');

    await page.getByRole('navigation', { name: 'Booking' }).getByRole('link', { name: 'Hours' }).click();
    const now = await previewOf('Strategy hour (60 minutes)');
    const after = now.days.find((d) => d.date === day.date)!;
    expect(after.slots.map((s) => s.start)).not.toContain(busy.start);
    expect(after.slots.length).toBeGreaterThan(0);
    await previewDay(day.date).waitFor();
    expect(await previewDay(day.date).getByText(taken, { exact: true }).count()).toBe(0);
    await coach.shot('preview-busy');
  });

  it('says when a failing calendar last worked and what is wrong, in plain words', async () => {
    gone = true;
    await page.getByRole('navigation', { name: 'Booking' }).getByRole('link', { name: 'Calendars' }).click();
    const card = page.getByRole('list', { name: 'Your calendars' }).getByRole('listitem');
    await card.getByText(/Last read/).waitFor();
    await page.getByRole('button', { name: 'Refresh Dentist and family' }).click();
    await card
      .getByText(
        /^Not working\. Last worked (just now|\d+ minutes? ago); its busy times from then still count\.$/,
      )
      .waitFor();
    expect(await toastOf(page, 'is read again').count()).toBe(0);
    const problem = (await card.locator('.calendar-failing p').nth(1).innerText()).trim();
    // A sentence a person reads: no status line, stack or library message.
    expect(problem).toMatch(/^[A-Z].*\.$/);
    expect(problem).not.toMatch(/Error:|ECONN|fetch failed|undefined/);
    await expectNoSeriousViolations(page, 'a failing calendar');
    await coach.shot('calendar-failing');
  });

  it('makes the coach’s own feed address, shown once, with its webcal: link', async () => {
    await page.getByRole('navigation', { name: 'Booking' }).getByRole('link', { name: 'Calendars' }).click();
    const feed = page.getByRole('region', { name: 'Your calendar feed' });
    await feed.getByRole('button', { name: 'Make a feed address' }).click();
    const address = await feed.getByLabel('Feed address').inputValue();
    expect(address).toMatch(/\/api\/v1\/calendar-feeds\/[^/]+\.ics$/);
    const webcal = await feed
      .getByRole('link', { name: 'Subscribe in your calendar app' })
      .getAttribute('href');
    expect(webcal).toBe(address.replace(/^https?:/, 'webcal:'));
    // The address names the tenant's API origin (https://<domain> where the portal serves /api): here the
    // stack's API answers its path.
    const feedPath = `${app.stack.apiUrl}${new URL(address).pathname}`;
    const ics = await fetch(feedPath);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await expectNoSeriousViolations(page, 'feed address');
    await page.reload();
    await feed.getByText(/Your feed works since/).waitFor();
    expect(await feed.getByLabel('Feed address').count()).toBe(0);

    // Turned off, the address stops at once.
    await feed.getByRole('button', { name: 'Turn off the feed' }).click();
    await page
      .getByRole('alertdialog', { name: 'Turn off your calendar feed?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await feed.getByRole('button', { name: 'Make a feed address' }).waitFor();
    expect((await fetch(feedPath)).status).toBe(404);
  });

  it('has no serious axe violations at 1280 and 375 px, in a second tenant too', async () => {
    const visits = (p: Page, at: string, shot: (name: string) => Promise<unknown>): Visit[] => [
      {
        where: 'availability',
        open: async (width) => {
          await p.goto(`${at}/coach/availability`);
          await p.getByRole('button', { name: 'Save availability' }).waitFor();
          await p.getByRole('region', { name: 'What your clients see' }).waitFor();
          await shot(`availability-${width}`);
        },
      },
      {
        where: 'meeting types',
        open: async (width) => {
          await p.goto(`${at}/coach/meeting-types`);
          await p.getByRole('button', { name: 'New meeting type' }).click();
          await p.getByRole('form', { name: 'New meeting type' }).waitFor();
          await shot(`meeting-types-${width}`);
        },
      },
      {
        where: 'calendars',
        open: async (width) => {
          await p.goto(`${at}/coach/calendars`);
          await p.getByRole('form', { name: 'Add a calendar' }).waitFor();
          await p.getByRole('region', { name: 'Your calendar feed' }).getByRole('button').first().waitFor();
          await shot(`calendars-${width}`);
        },
      },
    ];
    await accessibleAtWidths(page, visits(page, origin, coach.shot));
    await accessibleAtWidths(
      otherTenant.page,
      visits(otherTenant.page, otherTenant.origin, otherTenant.shot),
    );
  });
});
