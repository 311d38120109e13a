/**
 * Every page of the coach's and the admin's trees at a phone's width (375 px): the test follows every link of
 * the tree from its home (menus, a client, a group with its lessons, sessions and progress, a thread, a person...)
 * and on each page checks that nothing runs off the screen sideways; a new group's page, whose "Add a client" list
 * holds every client's name and email, among them. A success toast has no serious axe violation. An admin's pages also ask nothing the
 * admin may not have (no 4xx answer: the shell once asked the client's unread-mail count, a 403 and a console
 * error on every page), and log nothing (the quiet-run check of app-support).
 */
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  newContext,
  signIn,
  toastOf,
  useAppStack,
} from './app-support';

const app = useAppStack(['demo']);

/** Pages of one shape (/coach/groups/N, /admin/people/N...) visited once. */
const shapeOf = (address: string) => address.replace(/\/\d+/g, '/N').replace(/\?.*$/, '');

/** Waits for a page's data: no request in flight, no loading state left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('main [role="status"]:has(.spinner)').first().waitFor({ state: 'detached' });
}

/**
 * Visits every page of `tree` (/coach or /admin) reachable by links from its home at 375 px; returns the pages
 * visited and those wider than the screen (with the element that sticks out furthest).
 */
async function crawl(page: Page, origin: string, tree: string, also: string[] = []) {
  const queue = [tree, ...also];
  const shapes = new Set(queue.map(shapeOf));
  const visited: string[] = [];
  const overflowing: string[] = [];
  while (queue.length > 0) {
    const address = queue.shift()!;
    await page.goto(`${origin}${address}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settled(page);
    visited.push(address);
    const { width, widest, links } = await page.evaluate(() => {
      // The innermost element that reaches furthest past the screen's right edge: the one to fix.
      const right = (el: Element) => Math.round(el.getBoundingClientRect().right);
      const overflowing = [...document.querySelectorAll('main *')].filter(
        (el) => right(el) > window.innerWidth,
      );
      const furthest = Math.max(0, ...overflowing.map(right));
      const wide = overflowing.filter((el) => right(el) === furthest).at(-1);
      return {
        width: document.documentElement.scrollWidth,
        widest: wide
          ? `<${wide.tagName.toLowerCase()} class="${String(wide.className)}"> to ${furthest} px`
          : '',
        links: [...document.querySelectorAll('a')]
          .filter((a) => a.origin === location.origin && !a.hasAttribute('download'))
          .map((a) => a.pathname + a.search),
      };
    });
    if (width > 375) overflowing.push(`${address}: ${width} px wide, ${widest}`);
    for (const link of links) {
      if (!link.startsWith(tree) || shapes.has(shapeOf(link))) continue;
      shapes.add(shapeOf(link));
      queue.push(link);
    }
  }
  return { visited, overflowing };
}

/**
 * The animations of the toast that `action` raises (recorded as they start, however fast they run) that change
 * its opacity: while one runs, the toast's text is paler than its colours say, below 4.5:1 (the library's
 * default bounce fades in from transparent).
 */
async function toastFades(page: Page, action: () => Promise<void>): Promise<string[]> {
  await page.evaluate(() => {
    const started: string[] = [];
    Object.assign(window, { toastAnimations: started });
    document.addEventListener('animationstart', (event) => {
      if ((event.target as Element).classList.contains('Toastify__toast')) started.push(event.animationName);
    });
  });
  await action();
  await toastOf(page, 'Member added').waitFor();
  return page.evaluate(() => {
    const started = (window as unknown as { toastAnimations: string[] }).toastAnimations;
    const keyframes = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSKeyframesRule => rule instanceof CSSKeyframesRule);
    return started.filter((name) =>
      keyframes
        .filter((rule) => rule.name === name)
        .some((rule) => [...rule.cssRules].some((frame) => (frame as CSSKeyframeRule).style.opacity !== '')),
    );
  });
}

/**
 * A client of the demo coach (Margaret Okafor) with a long name and email, as real ones have: the coach's lists
 * and the "Add a client" choice show both.
 */
async function addClientWithALongName(origin: string): Promise<void> {
  const context = await newContext();
  try {
    const page = await context.newPage();
    await signIn(page, origin, 'admin@demo.test');
    await page.goto(`${origin}/admin/people/new`);
    await page.getByLabel('First name').fill('Maximiliana');
    await page.getByLabel('Last name').fill('Featherstonehaugh-Worthington');
    const email = 'maximiliana.featherstonehaugh@example.test';
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page
      .getByRole('combobox', { name: 'Coach', exact: true })
      .selectOption({ label: 'Margaret Okafor' });
    await page.getByRole('button', { name: 'Add the person' }).click();
    await toastOf(page, `${email} was added and invited.`).waitFor();
  } finally {
    await context.close();
  }
}

describe('the coach and the admin at 375 px', () => {
  it("no coach's page is wider than the screen, and a success toast reads", async () => {
    const origin = app.stack.urls.demo!;
    await addClientWithALongName(origin);
    const context = await newContext();
    try {
      const page = await context.newPage();
      await signIn(page, origin, 'coach@demo.test');
      await page.setViewportSize({ width: 375, height: 800 });
      // A new group: every client of the coach's is one to add, in the "Add a client" list (names and emails).
      await page.goto(`${origin}/coach/groups/new`);
      await page.getByLabel('Title').fill('Phone-sized group');
      await page.getByRole('button', { name: 'Create group' }).click();
      await page.getByRole('heading', { level: 1, name: 'Phone-sized group' }).waitFor();
      const group = new URL(page.url()).pathname;
      // Before the crawl, which would find it so, this page with its full list: the widest it gets.
      await expectNoSidewaysScroll(page, group);
      await page.getByLabel('Add a client').selectOption({ index: 1 });
      const fading = await toastFades(page, () => page.getByRole('button', { name: 'Add member' }).click());
      expect(fading, 'animations that fade the toast in or out').toEqual([]);
      await toastOf(page, 'Member added').waitFor();
      await expectNoSeriousViolations(page, 'a success toast', '.Toastify');

      const { visited, overflowing } = await crawl(page, origin, '/coach', [group]);
      // The walk reached the pages of the programme, not only the menu.
      for (const shape of [
        '/coach/clients/N',
        '/coach/groups/N',
        '/coach/groups/N/sessions',
        '/coach/messages/N',
      ])
        expect(visited.map(shapeOf)).toContain(shape);
      expect(overflowing).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("no admin's page is wider than the screen, asks what the admin may not have, or logs an error", async () => {
    const context = await newContext();
    const refused: string[] = [];
    const onResponse = (response: Response) => {
      if (response.status() >= 400)
        refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    };
    try {
      const page = await context.newPage();
      await signIn(page, app.stack.urls.demo!, 'admin@demo.test');
      await page.setViewportSize({ width: 375, height: 800 });
      page.on('response', onResponse);
      const { visited, overflowing } = await crawl(page, app.stack.urls.demo!, '/admin');
      for (const shape of ['/admin', '/admin/people/N', '/admin/import', '/admin/audit', '/admin/webhooks'])
        expect(visited.map(shapeOf)).toContain(shape);
      expect(overflowing).toEqual([]);
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
