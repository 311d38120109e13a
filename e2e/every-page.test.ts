/**
 * Every page a client can reach, on two tenants (demo on the default colours, acme on its own), as the client
 * with every flag and as the one with none: the test follows every link of the portal from the home page
 * (menus, groups, lessons, assessments, the academy, mail threads...), and on each page checks the brand and
 * the dates: no link in the browser's own blue or visited purple (links take the theme's link colour), no
 * ISO date ('2026-11-11') on screen, and the time zone named at most once.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn, useAppStack } from './app-support';

const TENANTS = ['demo', 'acme'];
const app = useAppStack(TENANTS);

/** Chromium's default link colours (unvisited, visited). */
const BROWSER_LINK_COLOURS = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'];
/** Pages of one shape (/groups/N/N, /messages/thread/N...) visited at most this many times. */
const PER_SHAPE = 3;
/** Links that leave the signed-in portal or end the session. */
const NOT_FOLLOWED = /^\/(login|logout|reset|fbslogin)\b/;

interface PageReport {
  browserLinks: string[];
  isoDates: string[];
  zones: string[];
  links: string[];
}

/** What one page shows, read once its loading states are gone. */
async function readPage(page: Page): Promise<PageReport> {
  await page.waitForLoadState('networkidle');
  await page.locator('main [role="status"]:has(.spinner)').first().waitFor({ state: 'detached' });
  return page.evaluate((browserColours) => {
    const anchors = [...document.querySelectorAll('a')];
    // Text a reader sees: a <select>'s options (the profile's time zones) are choices, not what is shown.
    const text = [...document.querySelectorAll('body *:not(select):not(option):not(script):not(style)')]
      .flatMap((element) =>
        [...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? ''),
      )
      .join('\n');
    return {
      browserLinks: anchors
        .filter((a) => browserColours.includes(getComputedStyle(a).color))
        .map((a) => `"${a.textContent?.trim()}" (${getComputedStyle(a).color})`),
      isoDates: text.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? [],
      zones: text.match(/\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Pacific)\/[A-Z][\w /-]*/g) ?? [],
      links: anchors
        .filter((a) => a.origin === location.origin && !a.hasAttribute('download'))
        .map((a) => a.pathname + a.search),
    };
  }, BROWSER_LINK_COLOURS);
}

/** Visits every page reachable by links from the home page; returns the problems found, by page. */
async function crawl(page: Page, origin: string): Promise<{ visited: string[]; problems: string[] }> {
  const queue = ['/'];
  const seen = new Set(queue);
  const shapes = new Map<string, number>();
  const visited: string[] = [];
  const problems: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const shape = path.replace(/\d+/g, 'N');
    if ((shapes.get(shape) ?? 0) >= PER_SHAPE) continue;
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    await page.goto(origin + path);
    const report = await readPage(page);
    const where = new URL(page.url()).pathname + new URL(page.url()).search;
    visited.push(where);
    for (const link of report.browserLinks) problems.push(`${where}: link in the browser's colour: ${link}`);
    for (const date of report.isoDates) problems.push(`${where}: ISO date on screen: ${date}`);
    if (report.zones.length > 1) problems.push(`${where}: time zone named ${report.zones.length} times`);
    for (const link of report.links) {
      if (seen.has(link) || NOT_FOLLOWED.test(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  return { visited, problems };
}

describe('every page, both tenants, both demo clients', () => {
  for (const slug of TENANTS) {
    for (const who of ['client', 'basic']) {
      it(`${who}@${slug}.test: links in the theme's colour, dates in words, the zone named once`, async () => {
        const context = await newContext();
        const page = await context.newPage();
        await signIn(page, app.stack.urls[slug]!, `${who}@${slug}.test`);
        const { visited, problems } = await crawl(page, app.stack.urls[slug]!);
        // The crawl reached the deep pages, not only the menu.
        const expected =
          who === 'client'
            ? [
                /^\/groups\/\d+\/\d+$/,
                /\/lesson\/\d+$/,
                /^\/assessments\/\d+$/,
                /^\/business-academy\/lesson\//,
              ]
            : [/^\/assessments$/];
        for (const pattern of [...expected, /^\/messages\/thread\/\d+/, /^\/schedule$/, /^\/profile$/])
          expect(
            visited.some((p) => pattern.test(p)),
            `${pattern} among ${visited.join(', ')}`,
          ).toBe(true);
        expect(problems).toEqual([]);
        await context.close();
      }, 600_000); // a few dozen pages on a shared machine
    }
  }
});
