import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';
import type { CoachRequest } from '../api/get-requests';

const LOAD = { timeout: 5000 };
const CLIENT = { id: 7, first_name: 'Rachel', last_name: 'Kowalski' };

const rows: CoachRequest[] = [
  {
    kind: 'tickets',
    id: 11,
    client: CLIENT,
    summary: 'The chart shows last year',
    text: 'Since this morning.',
    status: 'new',
    approved: null,
    created_at: '2026-11-02T10:00:00.000Z',
    status_changed_at: null,
    answers: [],
  },
  {
    kind: 'testimonials',
    id: 12,
    client: CLIENT,
    summary: 'Our margins doubled.',
    text: 'Our margins doubled.',
    status: 'new',
    approved: false,
    created_at: '2026-11-01T10:00:00.000Z',
    status_changed_at: null,
    answers: [],
  },
];

function requestsApi(change: (call: FakeCall) => { status: number; data?: unknown }) {
  return fakeApi((call) => {
    if (call.url === '/gapi') return gapiAnswer(call);
    if (call.url === '/api/v1/coach/requests') return { status: 200, data: { data: rows } };
    if (call.url.startsWith('/api/v1/coach/requests/')) return change(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
}

const card = async (name: RegExp) => (await screen.findByRole('article', { name }, LOAD)) as HTMLElement;

beforeEach(() => {
  signInFresh(apiUser({ id: 3, first_name: 'Dana', email: 'coach@demo.test', role_id: 2 }));
});

describe('/coach/requests', () => {
  it('lists every kind, and the filters narrow it from the address', async () => {
    requestsApi(() => ({ status: 500 }));
    renderPortal('/coach/requests?kind=testimonials');
    await card(/Our margins doubled/);
    expect(screen.queryByRole('article', { name: /The chart shows last year/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getAllByLabelText('Kind')[0]!, 'All kinds');
    expect(await card(/The chart shows last year/)).toBeInTheDocument();
  });

  it('sends only what changed, and shows the row as the server answers it', async () => {
    const calls = requestsApi(() => ({
      status: 200,
      data: { data: { ...rows[1]!, approved: true, status: 'in_progress' } },
    }));
    renderPortal('/coach/requests');
    const testimonial = await card(/Our margins doubled/);
    await userEvent.selectOptions(within(testimonial).getByLabelText('Status'), 'In progress');
    await userEvent.click(within(testimonial).getByRole('checkbox', { name: 'Approved for publication' }));
    await userEvent.click(within(testimonial).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(testimonial).getByText('In progress', { selector: 'span' })).toBeVisible(),
    );
    const sent = calls.filter((c) => c.url.startsWith('/api/v1/coach/requests/'));
    expect(sent.map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/coach/requests/testimonials/12', { status: 'in_progress', approved: true }],
    ]);
  });

  it('a refused answer keeps what was typed, with the reason beside it', async () => {
    requestsApi(() => ({ status: 422, data: { error: { reply: ['Write at most 10,000 characters.'] } } }));
    renderPortal('/coach/requests');
    const ticket = await card(/The chart shows last year/);
    const answer = within(ticket).getByLabelText(/^Answer Rachel by mail/);
    await userEvent.type(answer, 'Fixed now.');
    await userEvent.click(within(ticket).getByRole('button', { name: 'Save' }));
    expect(await within(ticket).findByText('Write at most 10,000 characters.')).toBeInTheDocument();
    expect(answer).toHaveValue('Fixed now.');
    expect(answer).toHaveAttribute('aria-invalid', 'true');
  });

  it('Save waits for something to change', async () => {
    requestsApi(() => ({ status: 500 }));
    renderPortal('/coach/requests');
    const ticket = await card(/The chart shows last year/);
    expect(within(ticket).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows what was answered under the request, the new answer too once saved', async () => {
    const answer = {
      body: 'Fixed now.\nReload the page.',
      created_at: '2026-11-03T10:00:00.000Z',
      coach: { first_name: 'Dana', last_name: 'Coach' },
    };
    const calls = requestsApi(() => ({
      status: 200,
      data: { data: { ...rows[0]!, status: 'done', answers: [answer] } },
    }));
    renderPortal('/coach/requests');
    const ticket = await card(/The chart shows last year/);
    expect(within(ticket).queryByRole('list', { name: /answers/i })).toBeNull();
    await userEvent.type(within(ticket).getByLabelText(/^Answer Rachel by mail/), 'Fixed now.');
    await userEvent.click(within(ticket).getByRole('button', { name: 'Save' }));
    const answers = await within(ticket).findByRole('list', { name: 'Your answers to Rachel' });
    expect(answers).toHaveTextContent(/Answered by Dana Coach, .*November 3rd, 2026/);
    expect(answers).toHaveTextContent('Fixed now.');
    expect(answers).toHaveTextContent('Reload the page.');
    expect(calls.filter((c) => c.url.startsWith('/api/v1/coach/requests/')).map((c) => c.body)).toEqual([
      { reply: 'Fixed now.' },
    ]);
  });
});
