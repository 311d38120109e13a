import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPortal, signInFresh } from '@/testing/portal';
import { COACH, ME, email, failThenRetry, fakeMailbox, gqlCalls } from '../testing/fake-mailbox';

const LOAD = { timeout: 5000 };

const inbox = () => [
  email(1, {
    subject: 'Welcome aboard',
    body: '<p>Glad to <b>start</b> working with you.</p><p>Talk soon.</p>',
  }),
  email(2, {
    subject: 'Quarterly plan',
    read: false,
    attachments: [{ id: 41, name: 'plan.pdf', size: 2048, type: 'application/pdf' }],
  }),
  email(3, { from: ME.id, to: COACH.id, fromuser: ME, touser: COACH, subject: 'My question' }),
];

beforeEach(() => {
  signInFresh();
});

describe('/messages folders', () => {
  it('/messages opens the inbox: newest first, unread marked, with sender, snippet and attachments', async () => {
    fakeMailbox(inbox());
    const { router } = renderPortal('/messages');
    const list = await screen.findByRole('list', { name: 'Inbox' }, LOAD);
    expect(router.state.location.pathname).toBe('/messages/inbox');
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Unread: From Dana WhitfieldQuarterly planBody of message 21 attachment/),
      expect.stringMatching(/^From Dana WhitfieldWelcome aboardGlad to start working with you\. Talk soon\./),
    ]);
    expect(rows[0]!.closest('li')).toHaveClass('unread');
    expect(rows[0]).toHaveAttribute('href', '/messages/thread/2?from=inbox');
  });

  it('lists what was sent under Sent', async () => {
    fakeMailbox(inbox());
    renderPortal('/messages/sent');
    const list = await screen.findByRole('list', { name: 'Sent' }, LOAD);
    expect(within(list).getByRole('link')).toHaveTextContent(/^To Dana WhitfieldMy question/);
  });

  it('moves between rows with the arrow keys (one tab stop) and opens one with Enter', async () => {
    fakeMailbox(inbox());
    const user = userEvent.setup();
    const { router } = renderPortal('/messages/inbox');
    const list = await screen.findByRole('list', { name: 'Inbox' }, LOAD);
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    first!.focus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/thread/1'));
  });

  it('loads the next 50 with Load more', async () => {
    const many = Array.from({ length: 61 }, (_, i) => email(i + 1));
    const { calls } = fakeMailbox(many);
    const user = userEvent.setup();
    renderPortal('/messages/inbox');
    const list = await screen.findByRole('list', { name: 'Inbox' }, LOAD);
    expect(within(list).getAllByRole('link')).toHaveLength(50);
    expect(screen.getByText('50 of 61')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(61));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(gqlCalls(calls, 'emails').map((v) => v.offset)).toEqual([0, 50]);
  });

  it('says so when the folder is empty', async () => {
    fakeMailbox([]);
    renderPortal('/messages/inbox');
    expect(await screen.findByText('No messages yet.', {}, LOAD)).toBeInTheDocument();
  });

  it('shows a load failure with a way to try again', async () => {
    await failThenRetry(
      inbox(),
      '/messages/inbox',
      /Your inbox could not be loaded: The mailbox is resting\./,
    );
    expect(await screen.findByRole('list', { name: 'Inbox' })).toBeInTheDocument();
  });

  it('deletes the selected messages after a confirmation', async () => {
    const { calls } = fakeMailbox(inbox());
    const user = userEvent.setup();
    renderPortal('/messages/inbox');
    await screen.findByRole('list', { name: 'Inbox' }, LOAD);
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select: Quarterly plan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select: Welcome aboard' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 messages?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Messages deleted')).toBeInTheDocument();
    expect(gqlCalls(calls, 'deleteEmails')).toEqual([{ user_id: 7, ids: [2, 1] }]);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
