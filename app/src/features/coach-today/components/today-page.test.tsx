import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsole } from '@/testing/console';
import { EMPTY_TODAY } from '@/testing/coach-today';
import { apiUser, fakeApi, gapiAnswer, renderPortal, signInFresh } from '@/testing/portal';

const person = (id: number, first_name: string, last_name: string) => ({ id, first_name, last_name });
const rachel = person(11, 'Rachel', 'Kowalski');
const omar = person(12, 'Omar', 'Haddad');

const meeting = (id: number, title: string, starts_at: string, client_time_zone: string) => ({
  id,
  client: rachel,
  title,
  agenda: '',
  starts_at,
  duration_minutes: 45,
  meeting_url: 'https://meet.example.com/a',
  client_time_zone,
});

const empty = EMPTY_TODAY;

const full = {
  ...empty,
  meetings: {
    today: [meeting(1, 'Quarterly review', '2030-11-25T22:00:00.000Z', 'Europe/London')],
    week: [meeting(2, 'Hiring plan', '2030-11-27T15:00:00.000Z', 'America/Chicago')],
  },
  unread: [{ client: omar, count: 3, latest_at: '2030-11-24T15:00:00.000Z' }],
  files: [
    {
      id: 5,
      sending_id: 4,
      company_id: 3,
      client: rachel,
      name: 'invoices.pdf',
      size: 2048,
      type: 'application/pdf',
      created_at: '2030-11-24T15:00:00.000Z',
    },
  ],
  waiting: {
    tickets: [
      { id: 8, client: omar, summary: 'Cannot open the lesson', created_at: '2030-11-24T15:00:00.000Z' },
    ],
    testimonials: [],
    referrals: [],
  },
  overdue: [{ client: rachel, count: 2, oldest_due: '2030-11-20' }],
};

function serve(answer: () => { status: number; data?: unknown }) {
  return fakeApi((call) => (call.url === '/api/v1/coach/today' ? answer() : gapiAnswer(call)));
}

beforeEach(() => {
  signInFresh(apiUser({ role_id: 2, email: 'coach@demo.test', time_zone: 'America/Chicago' }));
});

describe('/coach (Today)', () => {
  it('shows every part from one request, times in the coach’s zone and the client’s beside', async () => {
    const calls = serve(() => ({ status: 200, data: { data: full } }));
    renderPortal('/coach');
    const today = await screen.findByRole('region', { name: "Today's meetings" });
    const review = within(today).getByRole('listitem');
    expect(review).toHaveTextContent('4:00 pm, Monday, November 25th, 2030');
    expect(review).toHaveTextContent('Their time: 10:00 pm, Monday, November 25th, 2030 (Europe/London)');
    expect(within(review).getByRole('link', { name: 'Rachel Kowalski' })).toHaveAttribute(
      'href',
      '/coach/clients/11',
    );
    // A client in the coach's own zone gets no second time.
    const week = screen.getByRole('region', { name: 'The week ahead' });
    expect(within(week).queryByText(/Their time/)).toBeNull();

    const unread = screen.getByRole('region', { name: 'Unread messages' });
    expect(within(unread).getByRole('listitem')).toHaveTextContent('3 unread messages');
    expect(within(unread).getByRole('link', { name: 'Open Messages' })).toHaveAttribute(
      'href',
      '/coach/messages',
    );
    const files = screen.getByRole('region', { name: 'New files' });
    expect(within(files).getByRole('listitem')).toHaveTextContent('invoices.pdf');
    expect(within(files).getByRole('listitem')).toHaveTextContent('2 KB');
    const waiting = screen.getByRole('region', { name: 'Requests waiting' });
    expect(within(waiting).getByRole('list', { name: /Tickets/ })).toHaveTextContent(
      'Cannot open the lesson',
    );
    expect(within(waiting).getByText('No testimonials waiting.')).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: 'Answer on Requests' })).toHaveAttribute(
      'href',
      '/coach/requests',
    );
    const overdue = screen.getByRole('region', { name: 'Overdue action steps' });
    expect(within(overdue).getByRole('listitem')).toHaveTextContent(
      '2 steps overdue · since November 20th, 2030',
    );
    expect(within(overdue).getByRole('link', { name: 'Rachel Kowalski' })).toHaveAttribute(
      'href',
      '/coach/clients/11',
    );
    expect(screen.getByText('Your times are shown in America/Chicago.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/coach/')).map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/v1/coach/today'],
    ]);
  });

  it('says so in each part when there is nothing', async () => {
    serve(() => ({ status: 200, data: { data: empty } }));
    renderPortal('/coach');
    expect(await screen.findByText('No meetings today.')).toBeInTheDocument();
    for (const sentence of [
      'Nothing booked for the rest of the week.',
      'You have read every message.',
      'No step is overdue.',
      'No new files from your clients.',
      'No tickets waiting.',
      'No referrals waiting.',
    ])
      expect(screen.getByText(sentence)).toBeInTheDocument();
  });

  it('shows the loading state, then a failure with a retry that works', async () => {
    expectConsole('error', /^API error GET \/api\/v1\/coach\/today /);
    let fail = true;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeApi(async (call) => {
      if (call.url !== '/api/v1/coach/today') return gapiAnswer(call);
      await held;
      return fail
        ? { status: 500, data: { message: 'Database unavailable.' } }
        : { status: 200, data: { data: empty } };
    });
    renderPortal('/coach');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading page....');
    release();
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Today could not be loaded');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No meetings today.')).toBeInTheDocument();
  });
});
