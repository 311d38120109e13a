import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { OFFLINE_KEY_PREFIX, sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';

const note = (id: number, title: string, body: string) => ({
  id,
  title,
  body,
  meeting_date: '2026-11-20',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});

function server(handle: (call: FakeCall) => { status: number; data?: unknown } | undefined) {
  let notes = [note(1, 'Kick-off', '<img src=x onerror="window.pwned=1">\nSecond line')];
  const calls = fakeApi((call) => {
    const answer = handle(call);
    if (answer) return answer;
    if (call.url === '/api/v1/clientportal/notes/') return { status: 200, data: { data: notes } };
    if (call.url === '/api/v1/clientportal/delete/note/') {
      notes = notes.filter((n) => n.id !== (call.body as { id: number }).id);
      return { status: 200, data: { data: { id: 1, deleted: true } } };
    }
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
  return calls;
}

beforeEach(() => {
  signInFresh();
});

const offlineKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(OFFLINE_KEY_PREFIX));

describe('/notes', () => {
  it('offline, shows the notes last loaded for this user with a banner saying so; a logout forgets them', async () => {
    let offline = false;
    server(() => {
      // What fetch does when the API cannot be reached.
      if (offline) throw new TypeError('Failed to fetch');
      return undefined;
    });
    const online = renderPortal('/notes');
    await screen.findByRole('article', { name: 'Kick-off' });
    expect(screen.queryByText(/You are offline/)).toBeNull();
    // Stored encoded, like the session: not readable JSON. The copy is written by an effect after the page has
    // rendered, so the test waits for it rather than reading storage at the first paint.
    await waitFor(() => expect(offlineKeys()).toEqual([`${OFFLINE_KEY_PREFIX}notes`]));
    expect(localStorage.getItem(`${OFFLINE_KEY_PREFIX}notes`)).not.toContain('Kick-off');
    online.unmount();

    queryClient.clear();
    offline = true;
    const view = renderPortal('/notes');
    expect(await screen.findByText(/^You are offline: showing what was last loaded at \d/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('article', { name: 'Kick-off' })).toBeInTheDocument();
    view.unmount();

    // Another user signed in (another tab, say) never sees this user's copy: the page says it failed.
    queryClient.clear();
    sessionStore.signIn(apiUser({ id: 8, access_token: 'token-8' }));
    const other = renderPortal('/notes');
    expect(await screen.findByText(/Your notes could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Kick-off' })).toBeNull();
    other.unmount();

    sessionStore.logout('user');
    expect(offlineKeys()).toEqual([]);
  });

  it('shows a note’s text as text, never as HTML', async () => {
    server(() => undefined);
    renderPortal('/notes');
    const article = await screen.findByRole('article', { name: 'Kick-off' });
    expect(article).toHaveTextContent('<img src=x onerror="window.pwned=1">');
    expect(article.querySelector('img')).toBeNull();
    expect(within(article).getByText(/Friday, November 20th, 2026/)).toBeInTheDocument();
  });

  it('keeps what was typed when saving fails, and clears it after a save', async () => {
    let fail = true;
    const calls = server(({ url, body }) => {
      if (url !== '/api/v1/clientportal/store/note/') return undefined;
      return fail
        ? { status: 422, data: { error: { title: ['The title is too long.'] } } }
        : { status: 201, data: { data: note(2, 'Idea', (body as { body: string }).body) } };
    });
    const user = userEvent.setup();
    renderPortal('/notes');
    const form = (await screen.findByRole('region', { name: 'New note' })) as HTMLElement;
    await user.type(within(form).getByLabelText('Title'), 'Idea');
    await user.type(within(form).getByLabelText('Note'), 'Loyalty card?');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    // Beside the field it names (marked for screen readers), not in a toast.
    expect(await within(form).findByText('The title is too long.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription('The title is too long.');
    expect(document.querySelector('.Toastify')).not.toHaveTextContent('The title is too long.');
    expect(within(form).getByLabelText('Title')).toHaveValue('Idea');
    expect(within(form).getByLabelText('Note')).toHaveValue('Loyalty card?');

    fail = false;
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveValue('');
    expect(calls.filter((c) => c.url === '/api/v1/clientportal/store/note/').at(-1)?.body).toEqual({
      title: 'Idea',
      body: 'Loyalty card?',
      meeting_date: null,
    });
  });

  it('asks before deleting; Cancel keeps the note, Delete removes it', async () => {
    const calls = server(() => undefined);
    const user = userEvent.setup();
    renderPortal('/notes');
    await user.click(await screen.findByRole('button', { name: 'Delete note: Kick-off' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this note?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/clientportal/delete/note/')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete note: Kick-off' }));
    await user.click(screen.getByRole('button', { name: 'Delete note' }));
    expect(await screen.findByText('Note deleted')).toBeInTheDocument();
    expect(await screen.findByText(/No notes yet/)).toBeInTheDocument();
  });
});
