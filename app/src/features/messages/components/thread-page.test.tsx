import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BADGE_URL, type FakeCall, signInFresh } from '@/testing/portal';
import { renderPortal } from '@/testing/portal';
import { COACH, ME, email, failThenRetry, fakeMailbox, gqlCalls } from '../testing/fake-mailbox';

const LOAD = { timeout: 5000 };

// The body is HTML. Its sanitising is tested in Chromium (e2e/mail-body.test.ts): DOMPurify does not support
// happy-dom, whose DOM lets script through, so here only the rendering is checked.
const body = '<p>Hello <b>Rachel</b>, see <a href="https://example.com/plan">the plan</a>.</p>';

const thread = () => [
  email(1, { subject: 'Quarterly plan', body, read: true }),
  email(2, {
    parent: 1,
    previous: 1,
    from: ME.id,
    to: COACH.id,
    fromuser: ME,
    touser: COACH,
    subject: 'Re: Quarterly plan',
    body: '<p>Thanks, reading it now.</p>',
  }),
  email(3, {
    parent: 1,
    previous: 2,
    subject: 'Re: Quarterly plan',
    body: '<p>Here is the sheet.</p>',
    read: false,
    attachments: [{ id: 41, name: 'Q1 "final" plan.pdf', size: 20_480, type: 'application/pdf' }],
  }),
  email(4, { subject: 'Another unread thread', read: false }),
];

const badge = () => screen.getByRole('link', { name: /My Messages/ });

beforeEach(() => {
  signInFresh();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/messages/thread/:id', () => {
  it('shows the whole thread oldest first, each body rendered as HTML', async () => {
    fakeMailbox(thread());
    renderPortal('/messages/thread/1');
    const articles = await screen.findAllByRole('article', {}, LOAD);
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Dana Whitfield to Rachel Kowalski',
      'Rachel Kowalski to Dana Whitfield',
      'Dana Whitfield to Rachel Kowalski',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Quarterly plan' })).toBeInTheDocument();
    const first = articles[0]!;
    expect(within(first).getByText('Rachel').tagName).toBe('B');
    expect(within(first).getByRole('link', { name: 'the plan' })).toHaveAttribute(
      'href',
      'https://example.com/plan',
    );
    expect(within(articles[2]!).getByText('Here is the sheet.')).toBeInTheDocument();
  });

  it("says so for a thread that is not there (another user's, deleted, or a wrong id)", async () => {
    fakeMailbox(thread());
    renderPortal('/messages/thread/99?from=sent');
    expect(await screen.findByRole('heading', { name: 'Message not found' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sent' })).toHaveAttribute('href', '/messages/sent');
    expect(screen.queryByRole('region', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('says an address whose id is no id (/messages/thread/abc) is not found, asking for no thread', async () => {
    for (const id of ['abc', '0', '1.5']) {
      const { calls } = fakeMailbox(thread());
      const { unmount } = renderPortal(`/messages/thread/${id}`);
      expect(await screen.findByRole('heading', { name: 'Message not found' }, LOAD), id).toBeInTheDocument();
      expect(screen.queryByText(/could not be loaded/)).toBeNull();
      expect(screen.queryByRole('region', { name: 'Reply' })).not.toBeInTheDocument();
      expect(gqlCalls(calls, 'emails')).toEqual([]);
      unmount();
    }
  });

  it('shows a load failure with a way to try again', async () => {
    await failThenRetry(
      thread(),
      '/messages/thread/1',
      /This conversation could not be loaded: The mailbox is resting\./,
    );
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });

  it('downloads an attachment through the authorised route and saves it under its own name', async () => {
    const { calls } = fakeMailbox(thread());
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:attachment');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderPortal('/messages/thread/1');
    await user.click(await screen.findByRole('button', { name: 'Download Q1 "final" plan.pdf' }, LOAD));
    await waitFor(() => expect(saved).toEqual(['Q1 "final" plan.pdf']));
    const download = calls.find((c) => c.url === '/api/v1/mail/attachments/41') as FakeCall;
    expect(download.method).toBe('GET');
    expect(download.headers.Authorization).toBe('Bearer token-1');
  });

  it('marks the unread message read: the badge drops at once, before the server answers', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = fakeMailbox(thread(), {
      hold: (call) => (gqlCalls([call], 'markEmailRead').length ? held : undefined),
    });
    renderPortal('/messages/thread/1');
    await screen.findAllByRole('article', {}, LOAD);
    await waitFor(() => expect(gqlCalls(calls, 'markEmailRead')).toEqual([{ user_id: 7, ids: [3] }]));
    // The server has not answered yet; the count is the optimistic one.
    expect(badge()).toHaveTextContent('1 unread');

    release();
    // Reconciled: the mailbox is asked again and agrees.
    await waitFor(() => expect(calls.filter((c) => c.url === BADGE_URL).length).toBeGreaterThan(1));
    expect(badge()).toHaveTextContent('1 unread');
  });

  it('puts the badge back when marking read fails', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeMailbox(thread(), {
      hold: (call) => (gqlCalls([call], 'markEmailRead').length ? held : undefined),
      before: (call) =>
        gqlCalls([call], 'markEmailRead').length
          ? { status: 200, data: { errors: [{ message: 'The mailbox is resting.' }] } }
          : undefined,
    });
    renderPortal('/messages/thread/1');
    await screen.findAllByRole('article', {}, LOAD);
    await waitFor(() => expect(badge()).toHaveTextContent('1 unread'));
    release();
    expect(await screen.findByText('The mailbox is resting.')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('2 unread'));
  });

  it('replies to the latest message with an uploaded attachment', async () => {
    const { calls } = fakeMailbox(thread());
    const user = userEvent.setup();
    renderPortal('/messages/thread/1');
    const reply = await screen.findByRole('region', { name: 'Reply' }, LOAD);
    await user.type(within(reply).getByLabelText('Your reply'), 'Looks good <3\n\nSee the notes.');
    await user.upload(
      within(reply).getByLabelText('Attach files'),
      new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(within(reply).getByRole('button', { name: 'Send reply' })).toBeEnabled());
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(gqlCalls(calls, 'sendEmail')).toEqual([
      {
        user_id: 7,
        subject: 'Re: Quarterly plan',
        body: '<p>Looks good &lt;3</p><p>See the notes.</p>',
        previous: 3,
        attachments: [1000],
      },
    ]);
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(within(reply).getByLabelText('Your reply')).toHaveValue('');
  });

  it("shows the API's refusal of a reply beside it; a refusal of the subject it does not show is a toast", async () => {
    const refusal = (field: string, message: string) => ({
      message,
      extensions: { code: 'BAD_USER_INPUT', field },
    });
    const answers = [
      refusal('body', 'Write a message.'),
      refusal('subject', 'Write a subject of at most 200 characters.'),
    ];
    fakeMailbox(thread(), {
      before: (call) =>
        gqlCalls([call], 'sendEmail').length
          ? { status: 422, data: { data: null, errors: [answers.shift()] } }
          : undefined,
    });
    const user = userEvent.setup();
    renderPortal('/messages/thread/1');
    const reply = await screen.findByRole('region', { name: 'Reply' }, LOAD);
    const body = within(reply).getByLabelText('Your reply');
    await user.type(body, '   ');
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(body).toHaveAccessibleDescription('Write a message.'));
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Write a message.')).toHaveLength(1);
    // The reply's subject is the thread's, not a field of the form: the toast says it.
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write a subject of at most 200 characters.')).toBeInTheDocument();
    expect(body).not.toHaveAttribute('aria-invalid');
    expect(body).toHaveValue('   ');
  });

  it('asks before deleting a message; Delete removes only that one', async () => {
    const { calls } = fakeMailbox(thread());
    const user = userEvent.setup();
    renderPortal('/messages/thread/1');
    const buttons = await screen.findAllByRole('button', { name: /^Delete message from/ }, LOAD);
    await user.click(buttons[1]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(gqlCalls(calls, 'deleteEmails')).toEqual([]);

    await user.click(buttons[1]!);
    await user.click(screen.getByRole('button', { name: 'Delete message' }));
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
    expect(gqlCalls(calls, 'deleteEmails')).toEqual([{ user_id: 7, ids: [2] }]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });
});

describe('a thread in its folder', () => {
  const sent = () => [
    email(5, { from: ME.id, to: COACH.id, fromuser: ME, touser: COACH, subject: 'My question' }),
  ];
  const tab = (name: string) =>
    within(screen.getByRole('navigation', { name: 'Mailbox' })).getByRole('link', { name });

  it('opened from Sent: the Sent tab stays highlighted, links back to Sent, and deleting returns there', async () => {
    fakeMailbox(sent());
    const user = userEvent.setup();
    const { router } = renderPortal('/messages/sent');
    const list = await screen.findByRole('list', { name: 'Sent' }, LOAD);
    await user.click(within(list).getByRole('link'));
    await screen.findByRole('heading', { level: 2, name: 'My question' }, LOAD);
    expect(tab('Sent')).toHaveClass('active');
    expect(tab('Inbox')).not.toHaveClass('active');
    expect(screen.getByRole('link', { name: '← Sent' })).toHaveAttribute('href', '/messages/sent');

    await user.click(screen.getByRole('button', { name: /^Delete message from/ }));
    await user.click(screen.getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/sent'));
  });

  it('opened from a bookmark: the folder its first message lies in', async () => {
    fakeMailbox([...sent(), ...thread()]);
    const { router } = renderPortal('/messages/thread/1');
    expect(await screen.findByRole('link', { name: '← Inbox' }, LOAD)).toHaveAttribute(
      'href',
      '/messages/inbox',
    );
    await waitFor(() => expect(tab('Inbox')).toHaveClass('active'));
    expect(router.state.location.search).toBe('?from=inbox');

    await router.navigate('/messages/thread/5');
    expect(await screen.findByRole('link', { name: '← Sent' }, LOAD)).toHaveAttribute(
      'href',
      '/messages/sent',
    );
    await waitFor(() => expect(tab('Sent')).toHaveClass('active'));
  });
});
