import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Email } from '@/lib/mail';
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

const LOAD = { timeout: 5000 };
const COACH = { id: 3, first_name: 'Dana', last_name: 'Whitfield' };
const CLIENT = { id: 7, first_name: 'Rachel', last_name: 'Kowalski' };

const message = (id: number, overrides: Partial<Email> = {}): Email => ({
  id,
  parent: id === 1 ? null : 1,
  previous: id === 1 ? null : id - 1,
  from: CLIENT.id,
  to: COACH.id,
  fromuser: CLIENT,
  touser: COACH,
  subject: 'Hiring plan',
  body: `<p>Message ${id}</p>`,
  read: true,
  attachments: [],
  created_at: new Date(Date.UTC(2026, 10, 1, 9, id)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 10, 1, 9, id)).toISOString(),
  ...overrides,
});

const threadRow = {
  id: 1,
  subject: 'Hiring plan',
  client: CLIENT,
  latest_at: '2026-11-01T09:02:00.000Z',
  messages: 2,
  unread: 1,
};

const clients = [
  { ...CLIENT, email: 'client@demo.test', company: { id: 3, name: 'Brightwater Plumbing' } },
  { id: 8, first_name: 'Ben', last_name: 'Ortiz', email: 'basic@demo.test', company: null },
];

/** The coach's calls; `unread` is the shell's badge's messages count on each call in turn (the last one after). */
function coachApi(
  unread: number[],
  answer: (call: FakeCall) => { status: number; data?: unknown } | undefined,
) {
  let asked = 0;
  const calls = fakeApi((call) => {
    if (call.url === BADGE_URL) {
      const count = unread[Math.min(asked, unread.length - 1)]!;
      asked += 1;
      return badgeAnswer(count);
    }
    if (call.url === '/gapi') return gapiAnswer(call);
    return answer(call) ?? { status: 404, data: { message: 'Not found.' } };
  });
  return { calls, unreadAsked: () => asked };
}

const badge = () => screen.getByRole('link', { name: /^Messages/ });

beforeEach(() => {
  signInFresh(apiUser({ ...COACH, email: 'coach@demo.test', role_id: 2 }));
});

describe('/coach/messages', () => {
  it("lists the threads, and a client's choice asks the API for that client's only", async () => {
    const { calls } = coachApi([1], (call) => {
      if (call.url === '/api/v1/coach/messages') return { status: 200, data: { data: [threadRow] } };
      if (call.url === '/api/v1/coach/messages?client_id=8') return { status: 200, data: { data: [] } };
      if (call.url === '/api/v1/coach/clients') return { status: 200, data: { data: clients, total: 2 } };
    });
    renderPortal('/coach/messages');
    const list = await screen.findByRole('list', { name: 'Threads' }, LOAD);
    const row = within(list).getByRole('link');
    expect(row).toHaveAttribute('href', '/coach/messages/1');
    expect(row.textContent).toContain('Rachel Kowalski');
    expect(row.textContent).toContain('1 unread');

    await userEvent.selectOptions(await screen.findByLabelText('Show'), 'Ben Ortiz');
    expect(await screen.findByText('No messages with this client yet.')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/v1/coach/messages?client_id=8');
  });
});

describe('/coach/messages/:id', () => {
  it('opening a thread with an unread message asks for the badge again: it drops', async () => {
    const { unreadAsked } = coachApi([3, 2], (call) => {
      if (call.url === '/api/v1/coach/messages/1')
        return {
          status: 200,
          data: { data: { items: [message(1), message(2, { read: false })], total: 2, next_offset: null } },
        };
    });
    renderPortal('/coach/messages/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hiring plan' }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(badge().textContent).toContain('2 unread'));
    expect(unreadAsked()).toBe(2);
  });

  it('a thread read already leaves the badge alone', async () => {
    const { unreadAsked } = coachApi([3], (call) => {
      if (call.url === '/api/v1/coach/messages/1')
        return { status: 200, data: { data: { items: [message(1)], total: 1, next_offset: null } } };
    });
    renderPortal('/coach/messages/1');
    await screen.findByRole('heading', { level: 1, name: 'Hiring plan' }, LOAD);
    await waitFor(() => expect(badge().textContent).toContain('3 unread'));
    expect(unreadAsked()).toBe(1);
  });

  it("another coach's thread is not found, without a toast", async () => {
    coachApi([0], () => undefined);
    renderPortal('/coach/messages/99');
    expect(await screen.findByRole('heading', { name: 'Message not found' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Not found.')).not.toBeInTheDocument();
  });

  it('answers in the thread: the reply names the last message and keeps the thread subject', async () => {
    const { calls } = coachApi([0], (call) => {
      if (call.url === '/api/v1/coach/messages/1')
        return {
          status: 200,
          data: { data: { items: [message(1), message(2)], total: 2, next_offset: null } },
        };
      if (call.url === '/api/v1/coach/messages/2/reply')
        return {
          status: 201,
          data: { data: message(3, { from: COACH.id, to: CLIENT.id, fromuser: COACH, touser: CLIENT }) },
        };
    });
    renderPortal('/coach/messages/1');
    const reply = await screen.findByRole('region', { name: 'Reply' }, LOAD);
    await userEvent.type(within(reply).getByLabelText('Your reply'), 'Thursday then.');
    await userEvent.click(within(reply).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/coach/messages/2/reply')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v1/coach/messages/2/reply')?.body).toEqual({
      subject: 'Re: Hiring plan',
      body: '<p>Thursday then.</p>',
      attachments: [],
    });
  });
});

describe('/coach/messages/new', () => {
  it('sends to the chosen client and opens the new thread', async () => {
    const { calls } = coachApi([0], (call) => {
      if (call.url === '/api/v1/coach/clients') return { status: 200, data: { data: clients, total: 2 } };
      if (call.url === '/api/v1/coach/messages' && call.method === 'POST')
        return {
          status: 201,
          data: { data: message(40, { parent: null, from: COACH.id, to: 8, subject: 'March' }) },
        };
      if (call.url === '/api/v1/coach/messages/40')
        return { status: 200, data: { data: { items: [message(40, { parent: null, subject: 'March' })] } } };
    });
    const { router } = renderPortal('/coach/messages/new?client=8');
    const to = await screen.findByLabelText('To', {}, LOAD);
    expect(to).toHaveValue('8');
    await userEvent.type(screen.getByLabelText('Subject'), 'March');
    await userEvent.type(screen.getByLabelText('Message'), 'Your numbers, please.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coach/messages/40'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/v1/coach/messages')?.body).toEqual({
      client_id: 8,
      subject: 'March',
      body: '<p>Your numbers, please.</p>',
      attachments: [],
    });
  });
});
