import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { EMPTY_TODAY } from '@/testing/coach-today';
import {
  BADGE_URL,
  type FakeCall,
  apiUser,
  badgeAnswer,
  fakeApi,
  gapiAnswer,
  renderPortal,
  testConfig,
} from '@/testing/portal';
import { COACH_PAGES, SIGNED_IN_PAGES } from './page-table';
import { MENU_ITEMS, isActiveItem, visibleMenuItems } from './shell/menu-items';

const flags = (group_coaching: boolean, flash_coaching: boolean, business_academy: boolean) => ({
  trainings: { group_coaching, flash_coaching, business_academy },
});

function signIn(overrides: Record<string, unknown> = {}) {
  return sessionStore.signIn(apiUser(overrides));
}

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
  serve();
});

// What a coach's pages ask first, each with nothing in it.
const COACH_ANSWERS: Record<string, unknown> = {
  '/api/v1/coach/today': { data: EMPTY_TODAY },
  '/api/v1/coach/clients?sort=name&order=asc': { data: [], total: 0 },
};

/** The API for these tests: the unread count, and the member as stored unless `member` says otherwise. */
function serve(member?: Record<string, unknown>) {
  return fakeApi((call) => {
    if (call.url in COACH_ANSWERS) return { status: 200, data: COACH_ANSWERS[call.url] };
    if (call.url === BADGE_URL) return badgeAnswer(4, 2);
    if (call.url !== '/gapi') return { status: 404, data: { message: 'Not found.' } };
    const { access_token: _a, pas_token: _p, ...stored } = sessionStore.get()!.user;
    return gapiAnswer(call, { member: { ...stored, ...member } });
  });
}

describe('the side menu (SPEC §2)', () => {
  it("lists SPEC's 11 items in order, Book a session after My Schedule, My Goals after My Action Steps My Forms after My Notes and Plans and billing before My Profile", () => {
    expect(MENU_ITEMS.map((item) => item.label)).toEqual([
      'My Schedule',
      'Book a session',
      'My Groups',
      'My Lessons',
      'My Resources',
      'My Action Steps',
      'My Goals',
      'My Messages',
      'My Metrics',
      'My Notes',
      'My Forms',
      'Plans and billing',
      'My Profile',
      'Business Academy',
      "My Coach's Profile",
    ]);
  });

  it('hides items by flag, falling back to the tenant defaults for a missing flag', () => {
    const labels = (user: ReturnType<typeof apiUser>, defaults = testConfig.defaultFlags) =>
      visibleMenuItems(sessionStore.signIn(user).user, defaults).map((item) => item.label);
    expect(labels(apiUser(flags(false, false, false)))).not.toContain('My Groups');
    expect(labels(apiUser(flags(false, false, false)))).toHaveLength(11);
    expect(labels(apiUser(flags(true, true, true)))).toHaveLength(14);
    expect(labels(apiUser(flags(true, true, true)))).not.toContain('Book a session');
    const booking = apiUser({ trainings: { ...flags(false, false, false).trainings, booking: true } });
    const unflagged = ['My Groups', 'My Lessons', 'Business Academy'];
    expect(labels(booking)).toEqual(
      MENU_ITEMS.map((item) => item.label).filter((label) => !unflagged.includes(label)),
    );
    expect(labels(booking)[1]).toBe('Book a session');
    const noFlags = apiUser({ trainings: {} });
    expect(labels(noFlags, { ...testConfig.defaultFlags, flash_coaching: true })).toEqual(
      expect.arrayContaining(['My Lessons']),
    );
    expect(labels(noFlags)).not.toContain('My Lessons');
  });

  it('marks the active item by the first path segment', () => {
    const groups = MENU_ITEMS.find((item) => item.to === '/groups')!;
    expect(isActiveItem(groups, '/groups/3/9/lesson/2')).toBe(true);
    expect(isActiveItem(groups, '/schedule')).toBe(false);
    const actionSteps = MENU_ITEMS.find((item) => item.to === '/action-steps')!;
    expect(isActiveItem(actionSteps, '/assessments/4')).toBe(true);
    expect(isActiveItem(groups, '/assessments')).toBe(false);
  });

  it('renders in the shell with the unread badge, only when signed in', async () => {
    signIn(flags(true, false, false));
    renderPortal('/schedule');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'My Schedule' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).queryByRole('link', { name: /My Lessons/ })).toBeNull();
    expect(await within(menu).findByText('4')).toBeInTheDocument();
    // The bell says its count in its name; the number drawn on it is hidden from screen readers.
    const bell = screen.getByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('2');
    expect(screen.getByText('Brightwater Plumbing')).toBeInTheDocument();
    // SPEC §2's parts (year, product name, 'version: {x}' as SPEC writes it).
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      new RegExp(`^© ${new Date().getFullYear()} Test Portal · version: 7\\.2\\.2$`),
    );
  });
});

describe('a fresh copy of the user', () => {
  it('updates the menu when the server has changed a flag since login', async () => {
    signIn(flags(false, false, false));
    serve(flags(false, false, true));
    renderPortal('/schedule');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'Business Academy' })).toBeInTheDocument();
    expect(sessionStore.get()?.user.trainings.business_academy).toBe(true);
  });
});

describe('redirects', () => {
  it('/ goes to /groups with group_coaching', async () => {
    signIn(flags(true, false, false));
    const { router } = renderPortal('/');
    await screen.findByRole('heading', { name: 'My Groups' });
    expect(router.state.location.pathname).toBe('/groups');
  });

  it('/ goes to /schedule without group_coaching', async () => {
    signIn(flags(false, false, false));
    const { router } = renderPortal('/');
    await screen.findByRole('heading', { name: 'My Schedule' });
    expect(router.state.location.pathname).toBe('/schedule');
  });

  // An explanation page instead of SPEC §2's silent redirect to /: one click still leads home.
  it.each([
    ['/business-academy', "The Business Academy isn't part of your plan"],
    ['/groups', "Group coaching isn't part of your plan"],
    ['/groups/3/9/lesson/2', "Group coaching isn't part of your plan"],
    ['/lessons', "Flash coaching isn't part of your plan"],
  ])('%s without its flag says why, with a link home', async (path, title) => {
    signIn(flags(false, false, false));
    const { router } = renderPortal(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the home page' }));
    await screen.findByRole('heading', { name: 'My Schedule' });
  });

  // The guard comes from the table: a page given a flag there cannot be reached without it.
  it.each(
    SIGNED_IN_PAGES.filter((entry) => entry.flag).map((entry) => [
      entry.path.replace(/:\w+/g, '3'),
      entry.flag,
    ]),
  )('%s, flagged %s in the page table, is guarded', async (path) => {
    signIn(flags(false, false, false));
    renderPortal(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: /isn't part of your plan$/ }),
    ).toBeInTheDocument();
  });

  it('/business-academy opens with business_academy', async () => {
    signIn(flags(false, false, true));
    renderPortal('/business-academy');
    expect(await screen.findByRole('heading', { name: 'Business Academy' })).toBeInTheDocument();
  });

  it('a signed-out visitor goes to /login, and the shell is not shown', async () => {
    const { router } = renderPortal('/notes');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  // Number('abc') is NaN, which went out as a null id and came back as a refusal shown as a loading error.
  it.each([
    ['/assessments/abc', 'Assessment not found'],
    ['/groups/abc/9', 'Group not found'],
    ['/groups/3/abc', 'Group not found'],
    ['/groups/abc/purchase', 'Group not found'],
    ['/groups/3/9/lesson/abc', 'Lesson not found'],
    ['/groups/3/x/lesson/2', 'Lesson not found'],
    ['/lessons/abc/5', 'Lesson not found'],
    ['/lessons/4/0', 'Lesson not found'],
    ['/business-academy/lesson/abc', 'Lesson not found'],
    ['/messages/thread/abc', 'Message not found'],
  ])('%s, an id that is none, is not found, and asks the API nothing about it', async (path, title) => {
    signIn(flags(true, true, true));
    const calls = serve();
    renderPortal(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // Only the shell's own questions: who is signed in, and its one poll of the unread counts.
    const shell = (c: FakeCall) =>
      c.url === BADGE_URL ||
      (c.url === '/gapi' && /\bmember\s*\(/.test(String((c.body as { query: string }).query)));
    const asked = calls.filter((c) => !shell(c));
    expect(asked.map((c) => [c.url, c.body])).toEqual([]);
  });

  it('an unknown path shows the not-found page', async () => {
    renderPortal('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('a session that ends (401 elsewhere, another tab) returns to /login', async () => {
    signIn();
    const { router } = renderPortal('/notes');
    await screen.findByRole('heading', { name: 'My Notes' });
    sessionStore.logout('expired');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the role trees', () => {
  const coach = () => signIn({ role_id: 2, email: 'coach@demo.test', company: null, company_id: null });
  const notAvailable = 'This is not available to your account';

  it("a coach's / goes to Today at /coach", async () => {
    coach();
    const { router } = renderPortal('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/coach');
  });

  it.each([
    ['a coach', '/schedule', coach],
    ['a coach', '/messages/thread/12', coach],
    ['a client', '/coach/clients', () => signIn(flags(true, true, true))],
    ['a client', '/coach', () => signIn(flags(true, true, true))],
  ])('%s at %s sees that it is not available to their account, at that address', async (_who, path, as) => {
    as();
    const { router } = renderPortal(path);
    expect(await screen.findByRole('heading', { level: 1, name: notAvailable })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    // The other tree's page never loads, so it asks the API nothing of its own.
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    // The tab says the same as the page rather than naming the other role's page.
    await waitFor(() => expect(document.title).toBe('Not available · Test Portal'));
  });

  it('the not-available page leads a coach home to Today', async () => {
    coach();
    const { router } = renderPortal('/schedule');
    await screen.findByRole('heading', { level: 1, name: notAvailable });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/coach');
  });

  it("a coach's menu is the workspace's, Today active only at /coach", async () => {
    coach();
    const { router } = renderPortal('/coach');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    // Each item by its label: the Messages item also carries the unread badge. The items are the pages of the
    // table that have one, in its order (a new page's item needs no edit here), Today first.
    const label = (link: HTMLElement) => link.getAttribute('title');
    const items = COACH_PAGES.flatMap((entry) => (entry.menu ? [entry.menu.label ?? entry.title] : []));
    expect(within(menu).getAllByRole('link').map(label)).toEqual(items);
    expect(items).toEqual(expect.arrayContaining(['Today', 'Clients', 'Meetings', 'Messages', 'Requests']));
    expect(items[0]).toBe('Today');
    const current = () =>
      within(menu)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map(label);
    expect(current()).toEqual(['Today']);
    await router.navigate('/coach/clients');
    await waitFor(() => expect(current()).toEqual(['Clients']));
    await router.navigate('/coach/requests');
    await waitFor(() => expect(current()).toEqual(['Requests']));
  });

  it("the top bar names the page a coach or an admin is on, and the client's company for a client", async () => {
    const topBar = () => document.querySelector('.topbar-name')?.textContent;
    coach();
    const { router, unmount } = renderPortal('/coach');
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    expect(topBar()).toBe('Today');
    await router.navigate('/coach/clients');
    await waitFor(() => expect(topBar()).toBe('Clients'));
    unmount();
    sessionStore.logout('user');
    signIn({ role_id: 1, email: 'admin@demo.test', first_name: 'Ada', company: null, company_id: null });
    const admin = renderPortal('/admin');
    await screen.findByRole('heading', { level: 1, name: 'People' });
    expect(topBar()).toBe('People');
    admin.unmount();
    sessionStore.logout('user');
    signIn({ ...flags(false, false, false), company: 'Evanston Bakery' });
    renderPortal('/schedule');
    await waitFor(() => expect(topBar()).toBe('Evanston Bakery'));
  });

  it("marks a coach's item on the pages under it, and Today on its own address only", () => {
    const items = visibleMenuItems(
      sessionStore.signIn(apiUser({ role_id: 2 })).user,
      testConfig.defaultFlags,
    );
    const active = (pathname: string) =>
      items.filter((item) => isActiveItem(item, pathname)).map((item) => item.label);
    expect(active('/coach')).toEqual(['Today']);
    expect(active('/coach/clients/5')).toEqual(['Clients']);
    expect(active('/coach/messages/new')).toEqual(['Messages']);
    expect(active('/coach/messages/12')).toEqual(['Messages']);
    expect(active('/coach/schedule')).toEqual(['Meetings']);
    expect(active('/coach/groups/4/lessons/9')).toEqual(['Groups']);
    expect(active('/schedule')).toEqual([]);
  });

  it("an admin's / goes to People at /admin; the menu is the admin's, People active on a person's page", async () => {
    const admin = signIn({ role_id: 1, email: 'admin@demo.test', company: null, company_id: null }).user;
    const { router } = renderPortal('/');
    await screen.findByRole('heading', { level: 1, name: 'People' });
    expect(router.state.location.pathname).toBe('/admin');
    const active = (pathname: string) =>
      visibleMenuItems(admin, testConfig.defaultFlags)
        .filter((item) => isActiveItem(item, pathname))
        .map((item) => item.label);
    expect(active('/admin')).toEqual(['People']);
    expect(active('/admin/people/7')).toEqual(['People']);
    expect(active('/admin/people/new')).toEqual(['People']);
    expect(active('/admin/webhooks/3')).toEqual(['Webhooks']);
    expect(active('/admin/companies')).toEqual(['Companies']);
  });

  it("an admin's shell polls the one badge call, and its bell leads to the admin's notifications", async () => {
    const calls = serve();
    signIn({ role_id: 1, email: 'admin@demo.test', company: null, company_id: null });
    renderPortal('/admin/companies');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await screen.findByRole('heading', { level: 1, name: 'Companies' });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/admin/notifications',
    );
    // No GraphQL unread-mail count (an admin has no mailbox): the badge call is the shell's only poll.
    expect(calls.filter((call) => call.url === '/gapi')).toEqual([]);
    expect(calls.filter((call) => call.url === BADGE_URL)).toHaveLength(1);
  });

  it("an admin at a coach's or a client's address, and a coach at an admin's, see it is not available", async () => {
    signIn({ role_id: 1, email: 'admin@demo.test', company: null, company_id: null });
    const { router } = renderPortal('/coach/clients');
    expect(await screen.findByText(notAvailable)).toBeInTheDocument();
    await router.navigate('/schedule');
    expect(await screen.findByText(notAvailable)).toBeInTheDocument();
    coach();
    await router.navigate('/admin/api-keys');
    expect(await screen.findByText(notAvailable)).toBeInTheDocument();
  });

  it('a client’s menu has none of the coach’s items', async () => {
    signIn(flags(true, true, true));
    renderPortal('/schedule');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Today' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Requests' })).toBeNull();
  });

  it("a coach's navbar has Home to Today and no Help; the user menu has no Profile", async () => {
    coach();
    renderPortal('/coach');
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    const navbar = screen.getByRole('banner');
    expect(within(navbar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/coach');
    expect(within(navbar).queryByRole('link', { name: 'Help' })).toBeNull();
    await userEvent.setup().click(within(navbar).getByRole('button', { name: /Rachel Kowalski/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual(['Logout']);
  });

  it("a client's navbar keeps Help and the user menu Profile", async () => {
    signIn(flags(true, true, true));
    renderPortal('/schedule');
    const navbar = await screen.findByRole('banner');
    expect(within(navbar).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    await userEvent.setup().click(within(navbar).getByRole('button', { name: /Rachel Kowalski/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual([
      'Profile',
      'Logout',
    ]);
  });
});

describe('page titles', () => {
  // Every route of SPEC §2 names its page, then the tenant, so tabs and history read well.
  async function expectTitles(start: string, titles: (readonly [path: string, page: string])[]) {
    const { router } = renderPortal(start);
    for (const [path, page] of titles) {
      await router.navigate(path);
      await waitFor(() => expect(document.title).toBe(`${page} · Test Portal`));
    }
  }

  it('names each signed-out screen', async () => {
    await expectTitles('/login', [
      ['/login', 'Sign in'],
      ['/forgot-password', 'Reset your password'],
      ['/reset/tok-1', 'Choose a new password'],
      ['/fbslogin/link-1', 'Sign-in link'],
    ]);
  });

  it('names each page of the portal', async () => {
    signIn(flags(true, true, true));
    await expectTitles('/schedule', [
      ['/schedule', 'Schedule'],
      ['/groups', 'Groups'],
      ['/groups/3/9', 'Group'],
      ['/groups/3/9/lesson/2', 'Group lesson'],
      ['/lessons', 'Lessons'],
      ['/lessons/4/5', 'Lesson'],
      ['/resources', 'Resources'],
      ['/action-steps', 'Action Steps'],
      ['/metrics', 'Metrics'],
      ['/notes', 'Notes'],
      ['/messages', 'Inbox'],
      ['/messages/sent', 'Sent'],
      ['/messages/thread/12', 'Message'],
      ['/messages/compose', 'New message'],
      ['/help', 'Help'],
      ['/profile', 'Profile'],
      ['/coachprofile', "Coach's Profile"],
      ['/business-academy', 'Business Academy'],
      ['/no/such/page', 'Page not found'],
    ]);
  });
});
