/**
 * index.html's pre-rendered first screen in Chromium, against the built and served tenants: with JavaScript
 * off, /login of two tenants already shows each tenant's name, logo and colours; a stored session paints the
 * neutral shell instead, and a ?brand= visit paints in that brand, before any of the app's script runs; and the
 * app takes the login screen over without moving anything (cumulative layout shift 0, from Chromium's
 * layout-shift entries). A signed-in page's first data leaves from index.html itself, before the app's script
 * has run, and the app takes that answer rather than asking again; without a live session nothing is asked.
 */
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, newContext, signIn, useAppStack } from './app-support';

const TENANTS = {
  acme: { name: 'Acme Business Coaching', primary: 'rgb(154, 52, 18)', loginBackground: 'rgb(67, 20, 7)' },
  globex: {
    name: 'Globex Leadership Academy',
    primary: 'rgb(20, 83, 45)',
    loginBackground: 'rgb(5, 46, 22)',
  },
};
const app = useAppStack(Object.keys(TENANTS));

/**
 * A context for one test, closed however the test ends: a page left open would log into the next test (a page
 * without JavaScript never uses its theme preload, which Chromium reports a few seconds after load).
 */
async function withContext(
  options: BrowserContextOptions,
  test: (context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await newContext(options);
  try {
    await test(context);
  } finally {
    await context.close();
  }
}

/** What the page shows as the tenant's brand: the logo's name and whether it was drawn, and the colours. */
async function brandOf(page: Page) {
  return page.evaluate(() => {
    const logo = document.querySelector<HTMLImageElement>('.login-logo');
    const screen = document.querySelector('.login-screen');
    const button = document.querySelector('.login-card .btn-primary');
    return {
      logoAlt: logo?.alt,
      logoDrawn: !!logo && logo.complete && logo.naturalWidth > 0,
      background: screen && getComputedStyle(screen).backgroundColor,
      button: button && getComputedStyle(button).backgroundColor,
      heading: document.querySelector('#auth-title')?.textContent,
    };
  });
}

describe('first paint before JavaScript', () => {
  for (const [slug, tenant] of Object.entries(TENANTS)) {
    it(`/login of ${slug} shows its name, logo and colours with JavaScript disabled`, () =>
      withContext({ javaScriptEnabled: false }, async (context) => {
        const page = await context.newPage();
        await page.goto(`${app.stack.urls[slug]}/login`);
        await expect
          .poll(() => brandOf(page))
          .toEqual({
            logoAlt: tenant.name,
            logoDrawn: true,
            background: tenant.loginBackground,
            button: tenant.primary,
            heading: 'Sign in',
          });
        expect(await page.title()).toBe(tenant.name);
        // Only the login screen shows: the shell's markup is there, hidden, for a visit with a session.
        expect(await page.locator('.prerendered-shell').isVisible()).toBe(false);
      }));
  }

  it("paints the neutral shell for a stored session before the app's script has run", () =>
    withContext({}, async (context) => {
      // The app's entry never arrives: what shows is index.html and the stylesheet alone.
      await context.route(/\/assets\/main-[^/]+\.js$/, (route) => route.abort());
      await context.addInitScript(() => {
        // Not on the blank page the context starts with, whose storage is refused.
        if (location.protocol === 'http:') localStorage.setItem('portal.token', 'stored-session');
      });
      const page = await context.newPage();
      await page.goto(`${app.stack.urls.acme}/schedule`);
      const shell = page.locator('.prerendered-shell');
      await expect.poll(() => shell.isVisible()).toBe(true);
      expect(await page.locator('.prerendered-login').isVisible()).toBe(false);
      expect(await shell.locator('.navbar img').getAttribute('alt')).toBe(TENANTS.acme.name);
      expect(await shell.getByText('Loading page....').isVisible()).toBe(true);
      const topbar = await shell.locator('.topbar').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(topbar).toBe(TENANTS.acme.primary);
    }));

  it('paints a ?brand= visit in that brand before the app runs: its colours and its logo', () =>
    withContext({}, async (context) => {
      // As above: index.html, the stylesheet and its inline script alone.
      await context.route(/\/assets\/main-[^/]+\.js$/, (route) => route.abort());
      const page = await context.newPage();
      await page.goto(`${app.stack.urls.acme}/login?brand=night`);
      // acme's "night" brand (tenants/acme/tenant.json): its own login background, button colour and logo.
      await expect
        .poll(() => brandOf(page))
        .toEqual({
          logoAlt: TENANTS.acme.name,
          logoDrawn: true,
          background: 'rgb(2, 6, 23)',
          button: 'rgb(15, 23, 42)',
          heading: 'Sign in',
        });
      const logo = await page.locator('.login-logo').getAttribute('src');
      expect(logo).toMatch(/\/logo-night\.svg$/);
    }));

  for (const width of [1280, 375]) {
    it(`the app takes over /login without a layout shift at ${width} px`, () =>
      withContext({ viewport: { width, height: 800 } }, async (context) => {
        // The app's entry is held until the pre-rendered screen has settled (fonts and logo in), so that the
        // shifts counted are the hand-over's alone, not a web font replacing the fallback one.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        await context.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
          await released;
          await route.continue();
        });
        await context.addInitScript(() => {
          const shifts: { at: number; value: number }[] = [];
          (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries())
              shifts.push({ at: entry.startTime, value: (entry as unknown as { value: number }).value });
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const page = await context.newPage();
        await page.goto(`${app.stack.urls.globex}/login`, { waitUntil: 'commit' });
        await expect.poll(() => brandOf(page)).toMatchObject({ logoDrawn: true, heading: 'Sign in' });
        const from = await page.evaluate(async () => {
          await document.fonts.ready;
          // Two frames: the first draws what the fonts changed (its shifts are timed at that frame), the second
          // starts after it, so every shift of the settling is before `from` however slow the frames are.
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return performance.now();
        });
        release();
        // Taken over: the pre-rendered markup is gone and the app's own form is live.
        await expect.poll(() => page.locator('.prerendered').count(), { timeout: 20_000 }).toBe(0);
        await page.getByLabel('Email').fill('client@globex.test');
        expect(await brandOf(page)).toMatchObject({ logoAlt: TENANTS.globex.name, logoDrawn: true });
        const shifts = await page.evaluate(
          () => (window as unknown as { __shifts: { at: number; value: number }[] }).__shifts,
        );
        const atHandOver = shifts.filter((shift) => shift.at >= from);
        expect(atHandOver.reduce((sum, shift) => sum + shift.value, 0)).toBe(0);
        await expectNoSeriousViolations(page, `login at ${width} px`, 'body');
      }));
  }

  describe("a signed-in page's first data from index.html", () => {
    /**
     * `pathname` opened with the app's entry held until release(): `asked` lists the page's API calls (a
     * GraphQL one by its query's field) and its reads of meta.json, as they leave.
     */
    async function visitHeld(context: BrowserContext, origin: string, pathname: string) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await context.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
        await released;
        await route.continue().catch(() => undefined); // (the page may be gone by then)
      });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname: path } = new URL(request.url());
        // A GraphQL call by the root field its document asks for first (the shell's own calls ask for others).
        const body = request.postData();
        const query = body?.startsWith('{') ? ((JSON.parse(body) as { query?: string }).query ?? '') : '';
        const field = /\{\s*(lessonMeetingSearch|group|emails)\s*\(/.exec(query)?.[1];
        if (/^\/(api|gapi|meta\.json)/.test(path))
          asked.push(`${request.method()} ${path}${field ? ` ${field}` : ''}`);
      });
      await page.goto(`${origin}${pathname}`, { waitUntil: 'domcontentloaded' });
      return { page, asked, release };
    }

    it("a client's /schedule asks for both lists before main.js has run, and the app takes those answers", () =>
      withContext({ serviceWorkers: 'block' }, async (context) => {
        const origin = app.stack.urls.acme!;
        await signIn(await context.newPage(), origin, 'client@acme.test');
        const { page, asked, release } = await visitHeld(context, origin, '/schedule');
        // main.js is held: these left from index.html.
        await expect
          .poll(() => [...asked].sort())
          .toEqual([
            'GET /meta.json',
            'POST /api/v1/clientportal/schedule/',
            'POST /gapi lessonMeetingSearch',
          ]);
        release();
        await page.getByRole('heading', { name: 'Upcoming meetings' }).waitFor();
        await page.locator('.meeting-list').first().waitFor();
        // The page's own queries and the version check found their answers: none was asked for again.
        expect(asked.filter((call) => /schedule\/|lessonMeetingSearch|meta/.test(call)).sort()).toEqual([
          'GET /meta.json',
          'POST /api/v1/clientportal/schedule/',
          'POST /gapi lessonMeetingSearch',
        ]);
        await expectNoSeriousViolations(page, 'schedule from early data');
      }));

    it("a coach's Today is asked for before main.js has run, and not again", () =>
      withContext({ serviceWorkers: 'block' }, async (context) => {
        const origin = app.stack.urls.globex!;
        await signIn(await context.newPage(), origin, 'coach@globex.test');
        const { page, asked, release } = await visitHeld(context, origin, '/coach');
        await expect.poll(() => [...asked].sort()).toEqual(['GET /api/v1/coach/today', 'GET /meta.json']);
        release();
        await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
        expect(asked.filter((call) => /today|meta/.test(call)).sort()).toEqual([
          'GET /api/v1/coach/today',
          'GET /meta.json',
        ]);
      }));

    // Every other page index.html asks for early, by the role that sees it: its call leaves before main.js, and
    // the app's own query takes that answer (window.portalEarly empties) rather than asking the server again.
    const earlyPages = [
      {
        email: 'client@globex.test',
        pages: { '/groups': 'POST /gapi group', '/messages': 'POST /gapi emails' },
      },
      { email: 'coach2@acme.test', pages: { '/coach/clients': 'GET /api/v1/coach/clients' } },
      { email: 'admin@globex.test', pages: { '/admin': 'GET /api/v1/admin/people' } },
    ];
    for (const { email, pages } of earlyPages)
      it(`${email}'s ${Object.keys(pages).join(' and ')}: asked for before main.js has run, and not again`, () =>
        withContext({ serviceWorkers: 'block' }, async (context) => {
          const origin = app.stack.urls[email.split(/[@.]/)[1]!]!;
          await signIn(await context.newPage(), origin, email);
          for (const [pathname, call] of Object.entries(pages)) {
            const { page, asked, release } = await visitHeld(context, origin, pathname);
            await expect.poll(() => asked.filter((made) => made === call)).toEqual([call]);
            release();
            await expect
              .poll(() => page.evaluate(() => (window as { portalEarly?: unknown[] }).portalEarly?.length))
              .toBe(0);
            expect(asked.filter((made) => made === call)).toEqual([call]);
            await page.close();
          }
        }));

    it('asks for nothing without a session, or with one the idle limit has ended', () =>
      withContext({ serviceWorkers: 'block' }, async (context) => {
        const origin = app.stack.urls.acme!;
        const none = await visitHeld(context, origin, '/schedule');
        expect(await none.page.evaluate(() => 'portalEarly' in window)).toBe(false);
        expect(none.asked).toEqual([]);
        none.release();
        await none.page.close();
        await signIn(await context.newPage(), origin, 'client2@acme.test');
        await context.addInitScript(() => {
          // Two hours since this browser's last activity: the app will end the session, so nothing is asked.
          if (location.protocol === 'http:')
            localStorage.setItem('portal.activity', String(Date.now() - 2 * 3_600_000));
        });
        const ended = await visitHeld(context, origin, '/schedule');
        expect(await ended.page.evaluate(() => 'portalEarly' in window)).toBe(false);
        expect(ended.asked).toEqual([]);
        ended.release();
      }));
  });
});
