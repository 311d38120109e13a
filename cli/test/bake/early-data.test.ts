import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_SCRIPT, resolveEarlyPages, type EarlyPages } from '../../src/lib/bake/early-data.js';

// The stored user's cipher (app/src/lib/cipher.ts's kind: a substitution over base64), with a key of its own.
const PLAIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const KEY = [...PLAIN].reverse().join('');
const encode = (value: unknown) =>
  [...Buffer.from(JSON.stringify(value)).toString('base64')]
    .map((c) => (c === '=' ? c : KEY[PLAIN.indexOf(c)]))
    .join('');

// The table as the compile resolves it (the app's boot/early-pages): one client page, one coach page.
const table: EarlyPages = {
  storage: {
    token: 'portal.token',
    backupToken: 'portal.token.backup',
    user: 'portal.user',
    activity: 'portal.activity',
    idleMs: 3_600_000,
  },
  cipher: { plain: PLAIN, key: KEY },
  userMark: '"$user.id"',
  fonts: ['/assets/open-sans-600-x1.woff2'],
  meta: '/meta.json',
  pages: {
    '/schedule': {
      role: 'client',
      modules: ['/assets/schedule-page-a1.js', '/assets/signed-in-shell-b2.js'],
      requests: [
        { method: 'POST', url: '/api/v1/schedule/', body: '{}', tokenHeader: false },
        {
          method: 'POST',
          url: '/gapi',
          body: '{"query":"q","variables":{"id":"$user.id"}}',
          tokenHeader: true,
        },
      ],
    },
    '/coach': {
      role: 'coach',
      modules: ['/assets/today-page-c3.js'],
      requests: [{ method: 'GET', url: '/api/v1/coach/today', body: '', tokenHeader: false }],
    },
  },
};

interface Sent {
  url: string;
  init: { method?: string; headers: Record<string, string>; body?: string; cache?: string };
}

/** Runs the inline script against a page at `pathname` whose local storage holds `stored`. */
async function run(pathname: string, stored: Record<string, string>, answer?: () => Promise<unknown>) {
  const links: Record<string, string>[] = [];
  const sent: Sent[] = [];
  const loaded: [string, () => void][] = [];
  const scripts: Record<string, string> = {
    'portal-early': JSON.stringify(table),
    'portal-config': JSON.stringify({ apiUrl: 'https://api.example.com/', tenantId: 7 }),
  };
  const window: Record<string, unknown> = {
    document: {
      getElementById: (id: string) => (id in scripts ? { textContent: scripts[id] } : null),
      createElement: () => ({}),
      head: { appendChild: (link: Record<string, string>) => links.push({ ...link }) },
      addEventListener: (type: string, listener: () => void) => loaded.push([type, listener]),
    },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    location: { pathname },
    atob,
    fetch: (url: string, init: Sent['init']) => {
      sent.push({ url, init });
      return answer
        ? answer()
        : Promise.resolve({ status: 200, text: () => Promise.resolve(`{"data":"${url}"}`) });
    },
  };
  window.window = window;
  vm.runInNewContext(EARLY_SCRIPT, window);
  // The rest of the document is parsed.
  for (const [type, listener] of loaded) if (type === 'DOMContentLoaded') listener();
  const early = window.portalEarly as
    { key: string; token: string; answer: Promise<{ status: number; body: string } | null> }[] | undefined;
  return { links, sent, early, portalMeta: window.portalMeta };
}

const session = (user: Record<string, unknown>, token = 'tok-1') => ({
  'portal.token': token,
  'portal.user': encode({ pas_token: token, ...user }),
});

describe("index.html's early data for a signed-in page", () => {
  it("sends a client's /schedule calls as the app sends them, with the page's chunks and fonts", async () => {
    const { links, sent, early } = await run('/schedule', session({ id: 42, role_id: 3 }));
    // The fonts once the document is parsed: after the stylesheet and the app's entry, which it links.
    expect(links).toEqual([
      { rel: 'modulepreload', href: '/assets/schedule-page-a1.js' },
      { rel: 'modulepreload', href: '/assets/signed-in-shell-b2.js' },
      {
        rel: 'preload',
        href: '/assets/open-sans-600-x1.woff2',
        as: 'font',
        type: 'font/woff2',
        crossOrigin: 'anonymous',
      },
    ]);
    expect(sent).toEqual([
      // The site's meta.json, as the app's version check asks for it, for that check to take.
      { url: '/meta.json', init: { cache: 'no-store', headers: { Accept: 'application/json' } } },
      {
        url: 'https://api.example.com/api/v1/schedule/',
        init: {
          method: 'POST',
          body: '{}',
          headers: {
            Accept: 'application/json',
            'X-Tenant-Id': '7',
            Authorization: 'Bearer tok-1',
            'Content-Type': 'application/json',
          },
        },
      },
      {
        url: 'https://api.example.com/gapi',
        init: {
          method: 'POST',
          // The user's id in its place, as the app's lesson meetings query sends it.
          body: JSON.stringify({ query: 'q', variables: { id: 42 } }),
          headers: expect.objectContaining({ Authorization: 'Bearer tok-1', token: 'tok-1' }) as unknown,
        },
      },
    ]);
    // Recorded under the keys the app's calls look them up by (app/src/lib/early-answers.ts earlyKey), with the token they were sent with.
    expect(early!.map((entry) => [entry.key, entry.token])).toEqual([
      ['POST /api/v1/schedule/ {}', 'tok-1'],
      ['POST /gapi {"query":"q","variables":{"id":42}}', 'tok-1'],
    ]);
    expect(await early![0]!.answer).toEqual({
      status: 200,
      body: '{"data":"https://api.example.com/api/v1/schedule/"}',
    });
  });

  it("sends a coach's Today as a GET without a body, and a trailing slash is the same address", async () => {
    const { sent } = await run('/coach/', session({ id: 5, role_id: 2 }));
    expect(sent.map((s) => [s.init.method, s.url, s.init.body, s.init.headers['Content-Type']])).toEqual([
      [undefined, '/meta.json', undefined, undefined],
      ['GET', 'https://api.example.com/api/v1/coach/today', undefined, undefined],
    ]);
  });

  it('asks for nothing without a session the app would restore', async () => {
    const over = { ...session({ id: 42, role_id: 3 }), 'portal.activity': String(Date.now() - 3_600_001) };
    const cases = {
      'no session': {},
      'a token without a user': { 'portal.token': 'tok-1' },
      'a user of another token': { ...session({ id: 42, role_id: 3 }, 'tok-2'), 'portal.token': 'tok-1' },
      'an unreadable user': { 'portal.token': 'tok-1', 'portal.user': 'not*encoded' },
      'a session ended by the idle limit': over,
      "another role's page": session({ id: 42, role_id: 3 }),
      'an admin on the coach page': session({ id: 1, role_id: 1 }),
    };
    for (const [name, stored] of Object.entries(cases)) {
      const result = await run(
        name.includes('coach page') || name.includes('role') ? '/coach' : '/schedule',
        stored,
      );
      expect({ name, sent: result.sent, links: result.links, early: result.early }).toEqual({
        name,
        sent: [],
        links: [],
        early: undefined,
      });
    }
    // An address outside the table, with a good session: nothing either.
    expect((await run('/notes', session({ id: 42, role_id: 3 }))).sent).toEqual([]);
    // Activity within the hour is a live session.
    const live = { ...session({ id: 42, role_id: 3 }), 'portal.activity': String(Date.now() - 60_000) };
    expect((await run('/schedule', live)).sent).toHaveLength(3);
  });

  it('records a failed request as no answer, so that the app asks itself', async () => {
    const { early, portalMeta } = await run('/coach', session({ id: 5, role_id: 2 }), () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await early![0]!.answer).toBeNull();
    expect(await portalMeta).toBeNull();
  });
});

describe("the early pages' modules and fonts as compiled files", () => {
  const manifest = {
    'src/main.tsx': {
      file: 'assets/main-m.js',
      imports: ['_jsx-j.js'],
      assets: ['assets/oswald-latin-500-normal-Ab_1.woff2'],
    },
    '_jsx-j.js': { file: 'assets/jsx-j.js' },
    '_shell-s.js': { file: 'assets/shell-s.js', imports: ['_jsx-j.js', 'src/main.tsx'] },
    'src/page.tsx': { file: 'assets/page-p.js', imports: ['src/main.tsx', '_shell-s.js', '_jsx-j.js'] },
  };
  const early = (modules: string[], fonts: string[]): EarlyPages => ({
    ...table,
    fonts,
    pages: { '/page': { role: 'client', modules, requests: [] } },
  });

  it("lists each page's chunk and what it imports, less what index.html already loads", () => {
    const resolved = resolveEarlyPages(
      early(['src/page.tsx'], ['oswald-latin-500-normal']),
      manifest,
      new Set(['/assets/main-m.js', '/assets/jsx-j.js']),
    );
    expect(resolved.pages['/page']!.modules).toEqual(['/assets/page-p.js', '/assets/shell-s.js']);
    expect(resolved.fonts).toEqual(['/assets/oswald-latin-500-normal-Ab_1.woff2']);
  });

  it('fails the build when the app names a module or a font the compile does not have', () => {
    expect(() => resolveEarlyPages(early(['src/gone.tsx'], []), manifest, new Set())).toThrow(
      "The app's early pages name src/gone.tsx, which the compile does not have.",
    );
    expect(() => resolveEarlyPages(early([], ['open-sans-latin-900-normal']), manifest, new Set())).toThrow(
      'name the font open-sans-latin-900-normal',
    );
  });
});
