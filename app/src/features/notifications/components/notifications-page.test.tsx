import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BADGE_URL,
  apiUser,
  badgeAnswer,
  fakeApi,
  gapiAnswer,
  renderPortal,
  type FakeCall,
  signInFresh,
} from '@/testing/portal';
import { unreadMailKey } from '@/lib/mail';
import { queryClient } from '@/lib/query-client';
import type { Notification } from '../api/get-notifications';

const item = (id: number, read: boolean, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'message',
  title: `Message ${id} from your coach`,
  body: null,
  link: '/messages/thread/3',
  created_at: new Date(Date.now() - id * 60_000).toISOString(),
  read_at: read ? new Date().toISOString() : null,
  ...overrides,
});

/** The fake API: the shell's badge (its count from `unread()`), the list's pages by `before`, and mark-read. */
function notificationsApi(
  pages: Record<string, { items: Notification[]; next_before: number | null }>,
  options: {
    unread?: () => number;
    list?: (call: FakeCall) => { status: number; data?: unknown } | undefined;
  } = {},
) {
  return fakeApi((call) => {
    if (call.url === '/gapi') return gapiAnswer(call);
    if (call.url === BADGE_URL) return badgeAnswer(0, options.unread?.() ?? 2);
    if (call.url === '/api/v1/notifications/read') return { status: 200, data: { data: { unread: 0 } } };
    const list = /^\/api\/v1\/notifications\?(.*)$/.exec(call.url);
    if (list) {
      const early = options.list?.(call);
      if (early) return early;
      const before = new URLSearchParams(list[1]).get('before') ?? 'first';
      return { status: 200, data: { data: pages[before] } };
    }
    return { status: 404, data: { message: 'Not found.' } };
  });
}

beforeEach(() => signInFresh());

describe('the bell', () => {
  it('says no count when nothing is unread, and leads a coach to the coach’s page', async () => {
    signInFresh(apiUser({ role_id: 2, email: 'coach@demo.test', company: null, company_id: null }));
    fakeApi((call) => {
      if (call.url === BADGE_URL) return badgeAnswer(0, 0);
      if (call.url === '/gapi') return gapiAnswer(call);
      return { status: 404, data: { message: 'Not found.' } };
    });
    renderPortal('/coach/notifications/settings');
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/coach/notifications');
    expect(bell.textContent).toBe('');
  });

  it('shows 99+ past 99, its name the exact count', async () => {
    fakeApi((call) => {
      if (call.url === BADGE_URL) return badgeAnswer(0, 120);
      if (call.url === '/gapi') return gapiAnswer(call);
      return { status: 404, data: { message: 'Not found.' } };
    });
    renderPortal('/notifications/settings');
    expect(await screen.findByRole('link', { name: 'Notifications, 120 unread' })).toHaveTextContent('99+');
  });
});

describe('/notifications', () => {
  it('lists them newest first with the unread said, and an opened one is marked read on the way', async () => {
    const calls = notificationsApi({
      first: { items: [item(1, false, { body: 'About the hiring plan' }), item(2, true)], next_before: null },
    });
    const { router } = renderPortal('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^Unread: Message 1 from your coachAbout the hiring plan/),
      expect.stringMatching(/^Message 2 from your coach/),
    ]);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    await userEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/thread/3'));
    const read = calls.filter((call) => call.url === '/api/v1/notifications/read');
    expect(read.map((call) => call.body)).toEqual([{ ids: [1] }]);
    // The bell takes the server's count.
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it("lists what arrives while it is open, on the shell's next poll", async () => {
    let count = 0;
    const pages = { first: { items: [] as Notification[], next_before: null } };
    notificationsApi(pages, { unread: () => count });
    renderPortal('/notifications');
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    pages.first = { items: [item(1, false)], next_before: null };
    count = 1;
    // The shell's poll, as its minute's timer would run it.
    await queryClient.refetchQueries({ queryKey: unreadMailKey(7) });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Message 1 from your coach/ })).toBeInTheDocument();
  });

  it('marks all as read: the list and the bell at once', async () => {
    const calls = notificationsApi({ first: { items: [item(1, false), item(2, false)], next_before: null } });
    renderPortal('/notifications');
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' });
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    await userEvent.click(markAll);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText('Unread:', { exact: false })).toBeNull();
    expect(markAll).toBeDisabled();
    expect(calls.filter((call) => call.url === '/api/v1/notifications/read').map((c) => c.body)).toEqual([
      { all: true },
    ]);
  });

  it('loads older ones a page at a time', async () => {
    const calls = notificationsApi({
      first: { items: [item(1, true)], next_before: 1 },
      1: { items: [item(2, true)], next_before: null },
    });
    renderPortal('/notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const list = screen.getByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/v1/notifications?limit=20&before=1');
  });

  it('says it is loading until the first page is in', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeApi(async (call) => {
      if (call.url.startsWith('/api/v1/notifications?')) await held;
      if (call.url === BADGE_URL) return badgeAnswer(0, 1);
      if (call.url.startsWith('/api/v1/notifications?'))
        return { status: 200, data: { data: { items: [item(1, false)], next_before: null } } };
      return gapiAnswer(call);
    });
    renderPortal('/notifications');
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/v1/notifications?'))).toBe(true),
    );
    expect(screen.getByText(/Loading page/)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: /Message 1 from your coach/ })).toBeInTheDocument();
    expect(screen.queryByText(/Loading page/)).toBeNull();
  });

  it('says when there is nothing', async () => {
    notificationsApi({ first: { items: [], next_before: null } }, { unread: () => 0 });
    renderPortal('/notifications');
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
  });

  it('says what failed, and Try again loads them', async () => {
    let failing = true;
    notificationsApi(
      { first: { items: [item(1, false)], next_before: null } },
      { list: () => (failing ? { status: 503, data: { message: 'The service is busy.' } } : undefined) },
    );
    renderPortal('/notifications');
    expect(await screen.findByText(/Your notifications could not be loaded/)).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Message 1 from your coach/ })).toBeInTheDocument();
  });
});
