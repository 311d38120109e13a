/**
 * The coach's Today and Clients in Chromium against the real API (PGlite, seeded): the acme coach signs in with
 * password and the mailed code and lands on Today with the seed's data; searches and sorts Clients (never
 * seeing the other coach's clients) and opens one; each role's addresses say they are not available to the
 * other; axe at 1280 and 375 px in acme and demo on Today, Clients and the not-available page.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOTS,
  type Visit,
  accessibleAtWidths,
  expectLoadFailedThenRetry,
  expectNoSeriousViolations,
  newContext,
  signIn,
  useAppStack,
} from './app-support';

const app = useAppStack(['acme', 'demo']);
const NOT_AVAILABLE = 'This is not available to your account';

interface Named {
  first_name: string;
  last_name: string;
}
const nameOf = (person: Named) => `${person.first_name} ${person.last_name}`;

let context: BrowserContext;
let page: Page;
let origin: string;

beforeAll(async () => {
  origin = app.stack.urls.acme!;
  context = await newContext();
  page = await context.newPage();
});
afterAll(() => context?.close());

const heading = (p: Page, name: string) => p.getByRole('heading', { level: 1, name }).waitFor();
const clientRows = () => page.getByRole('list', { name: 'Your clients' }).getByRole('link');
const rowNames = () => page.locator('.clients-row .clients-name').allInnerTexts();
const pathname = (p: Page) => new URL(p.url()).pathname;

describe("the coach's Today and Clients (acme)", () => {
  it('a coach signs in with password and the mailed code and lands on Today with the seed’s data', async () => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/coach/today');
    await signIn(page, origin, 'coach@acme.test');
    const today = ((await (await answer).json()) as { data: unknown }).data as {
      time_zone: string;
      unread: { client: Named; count: number }[];
      overdue: { client: Named; count: number }[];
      meetings: { today: { title: string }[]; week: { title: string }[] };
      files: { name: string }[];
      waiting: Record<'tickets' | 'testimonials' | 'referrals', { summary: string }[]>;
    };
    await heading(page, 'Today');
    expect(pathname(page)).toBe('/coach');
    await page.getByText(`Your times are shown in ${today.time_zone.replaceAll('_', ' ')}.`).waitFor();
    // Every part shows what the API answered, an empty one its own sentence; the seed fills some of them.
    const waitingItems = Object.values(today.waiting).flat();
    const parts = [
      ["Today's meetings", today.meetings.today],
      ['The week ahead', today.meetings.week],
      ['Unread messages', today.unread],
      ['Overdue action steps', today.overdue],
      ['New files', today.files],
      ['Requests waiting', waitingItems],
    ] as const;
    for (const [name, items] of parts) {
      const region = page.getByRole('region', { name });
      await expect.poll(() => region.getByRole('listitem').count(), { message: name }).toBe(items.length);
      if (name !== 'Requests waiting' && items.length === 0) await region.locator('.today-empty').waitFor();
    }
    expect(parts.reduce((sum, [, items]) => sum + items.length, 0)).toBeGreaterThan(0);
    const unread = page.getByRole('region', { name: 'Unread messages' });
    for (const row of today.unread) {
      const item = unread.getByRole('listitem').filter({ hasText: nameOf(row.client) });
      await expect.poll(() => item.innerText()).toContain(`${row.count} unread message`);
    }
    const overdue = page.getByRole('region', { name: 'Overdue action steps' });
    for (const row of today.overdue) await overdue.getByRole('link', { name: nameOf(row.client) }).waitFor();
    for (const file of today.files) await page.getByText(file.name).first().waitFor();
    const waiting = page.getByRole('region', { name: 'Requests waiting' });
    for (const item of waitingItems) await waiting.getByText(item.summary).first().waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Help' }).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'coach-today.png'), fullPage: true });
  });

  it('searches and sorts Clients, kept in the address, and opens a client', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clients' }).click();
    await heading(page, 'Clients');
    await expect.poll(rowNames).toEqual(['Marcus Bell', 'Rachel Kowalski']);
    await page.getByText('2 clients', { exact: true }).waitFor();

    // Tom Kowalski is the other coach's client of the same tenant: never listed here.
    await page.getByRole('searchbox', { name: 'Search' }).fill('kowalski');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('kowalski');
    await expect.poll(rowNames).toEqual(['Rachel Kowalski']);
    await page.getByText('1 client found').waitFor();
    await page.reload();
    await heading(page, 'Clients');
    await expect.poll(rowNames).toEqual(['Rachel Kowalski']);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('kowalski');

    // By company too: every client of the coach's is at Brightwater.
    await page.getByRole('searchbox', { name: 'Search' }).fill('brightwater');
    await expect.poll(rowNames).toEqual(['Marcus Bell', 'Rachel Kowalski']);
    await page.getByRole('combobox', { name: 'Order' }).selectOption('desc');
    await expect.poll(rowNames).toEqual(['Rachel Kowalski', 'Marcus Bell']);
    expect(new URL(page.url()).searchParams.get('order')).toBe('desc');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('company');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('company');
    await expect.poll(() => clientRows().count()).toBe(2);

    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-here');
    await page.getByText('No client matches “nobody-here”.').waitFor();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect.poll(() => clientRows().count()).toBe(2);

    // Keyboard: each row is a link, reached with Tab and opened with Enter.
    const first = clientRows().first();
    const href = await first.getAttribute('href');
    const name = await first.locator('.clients-name').innerText();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pathname(page)).toBe(href);
    expect(href).toMatch(/^\/coach\/clients\/\d+$/);
    // The client's page is headed with the client's name.
    await heading(page, name);
    await page.goBack();
    await heading(page, 'Clients');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('company');
  });

  it.each([
    ['/coach', '/api/v1/coach/today', 'Today', 'Requests waiting'],
    ['/coach/clients', '/api/v1/coach/clients', 'Your clients', 'Your clients'],
  ])('%s says what failed when the API does, and Try again loads it', async (at, path, what, loaded) => {
    await expectLoadFailedThenRetry(page, {
      path,
      what,
      open: () => page.goto(`${origin}${at}`),
      whileFailed: () => expectNoSeriousViolations(page, `${at} failed`, 'body'),
      loaded: () => page.getByRole(loaded === 'Your clients' ? 'list' : 'region', { name: loaded }).waitFor(),
    });
  });

  it('a coach who opens /schedule sees the not-available page, and its link leads to Today', async () => {
    await page.goto(`${origin}/schedule`);
    await heading(page, NOT_AVAILABLE);
    expect(pathname(page)).toBe('/schedule');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await heading(page, 'Today');
    expect(pathname(page)).toBe('/coach');
  });

  it('a client who types /coach/clients sees the not-available page', async () => {
    const clientContext = await newContext();
    const client = await clientContext.newPage();
    try {
      await signIn(client, origin, 'client@acme.test');
      await client.goto(`${origin}/coach/clients`);
      await heading(client, NOT_AVAILABLE);
      expect(pathname(client)).toBe('/coach/clients');
      const menu = client.getByRole('navigation', { name: 'Main menu' });
      expect(await menu.getByRole('link', { name: 'Clients' }).count()).toBe(0);
    } finally {
      await clientContext.close();
    }
  });
});

describe('axe on Today, Clients and the not-available page', () => {
  it.each(['acme', 'demo'])('%s at 1280 and 375 px: no serious violation', async (tenant) => {
    const tenantContext = await newContext();
    const coach = await tenantContext.newPage();
    try {
      const site = app.stack.urls[tenant]!;
      await signIn(coach, site, `coach@${tenant}.test`);
      const visits: Visit[] = [
        {
          where: `${tenant} Today`,
          open: async () => {
            await coach.goto(`${site}/coach`);
            await coach.getByRole('region', { name: 'Requests waiting' }).waitFor();
          },
        },
        {
          where: `${tenant} Clients`,
          open: async (width) => {
            await coach.goto(`${site}/coach/clients`);
            await coach.getByRole('list', { name: 'Your clients' }).waitFor();
            await coach.screenshot({
              path: path.join(SHOTS, `coach-clients-${tenant}-${width}.png`),
              fullPage: true,
            });
          },
        },
        {
          where: `${tenant} not available`,
          open: async () => {
            await coach.goto(`${site}/schedule`);
            await heading(coach, NOT_AVAILABLE);
          },
        },
      ];
      await accessibleAtWidths(coach, visits, { include: 'body' });
    } finally {
      await tenantContext.close();
    }
  });
});
