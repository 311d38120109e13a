import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { SCHEDULE_KEY } from '@/lib/query-keys';
import {
  ZONE,
  bookedMeeting,
  bookingPage,
  signInBooking,
  slotsPage,
  strategy,
  walk,
} from '@/testing/booking';
import { fakeApi, gapiAnswer, renderPortal, type FakeCall, type FakeRoute } from '@/testing/portal';

type Answer = ReturnType<FakeRoute>;

/** The booking API: the coaches and types, two weeks of free times a range (none after the second), `post`'s answer to a booking. */
function server(
  options: { page?: () => Answer; slots?: (from: string) => Answer; post?: (call: FakeCall) => Answer } = {},
) {
  return fakeApi((call) => {
    const url = new URL(call.url, 'http://portal.test');
    if (url.pathname === '/gapi') return gapiAnswer(call);
    if (url.pathname === '/api/v1/booking' && call.method === 'GET')
      return options.page?.() ?? { status: 200, data: { data: bookingPage() } };
    if (url.pathname === '/api/v1/booking/slots') {
      const from = url.searchParams.get('from')!;
      if (options.slots) return options.slots(from);
      const range =
        [...document.querySelectorAll('.slot-day')].length === 0
          ? ['2030-11-25', '2030-11-27']
          : ['2030-12-09'];
      return { status: 200, data: { data: slotsPage(range) } };
    }
    if (url.pathname === '/api/v1/booking' && call.method === 'POST')
      return options.post?.(call) ?? { status: 201, data: { data: bookedMeeting() } };
    return { status: 404, data: { message: 'Not found.' } };
  });
}

beforeEach(() => signInBooking());

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** From /book to the confirm step of Monday November 25th, 2030, 9:00 am (Chicago). */
async function toConfirm(user: ReturnType<typeof userEvent.setup>) {
  renderPortal('/book');
  await user.click(await screen.findByRole('link', { name: 'Strategy session' }));
  const monday = await screen.findByRole('list', { name: 'Monday, November 25th, 2030' });
  await user.click(within(monday).getByRole('button', { name: '9:00 am, Monday, November 25th, 2030' }));
  return heading('Confirm your meeting');
}

/** Waits for '{what} could not be loaded', lets the API answer again (`mend`) and presses the alert's Try again. */
async function tryAgain(user: ReturnType<typeof userEvent.setup>, what: string, mend: () => void) {
  // 5xx answers are retried once (lib/query-client) before the page gives up.
  const text = `${what} could not be loaded: Service unavailable.`;
  const alert = (await screen.findByText(text, {}, { timeout: 5000 })).closest('[role="alert"]');
  mend();
  await user.click(within(alert as HTMLElement).getByRole('button', { name: 'Try again' }));
}

describe('/book', () => {
  it('books: the meeting type, the free times by day in the client’s zone, a note, the confirmation', async () => {
    const calls = server();
    queryClient.setQueryData(SCHEDULE_KEY, { time_zone: ZONE, upcoming: [], past: [] });
    const user = userEvent.setup();
    renderPortal('/book');
    // One coach: the coach step is skipped. Each type says its length, where and what it is.
    expect(await heading('Choose a meeting')).toBeInTheDocument();
    const step = (await heading('Choose a meeting')).closest('section') as HTMLElement;
    const types = within(step).getAllByRole('listitem');
    expect(types.map((t) => t.textContent)).toEqual([
      'Strategy session45 min · Video callWe plan your next quarter.',
      'Walk and talk60 min · In person, Harbour gate',
    ]);
    await user.click(screen.getByRole('link', { name: 'Strategy session' }));

    // Focus moves to the new step's heading.
    expect(await heading('Choose a time')).toHaveFocus();
    const monday = await screen.findByRole('list', { name: 'Monday, November 25th, 2030' });
    expect(
      within(monday)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 am', '9:45 am']);
    expect(
      screen.getByRole('heading', { level: 3, name: 'Wednesday, November 27th, 2030' }),
    ).toBeInTheDocument();
    // The zone is named once for the list, not on every time.
    expect(screen.getAllByText(/America\/Chicago/).map((p) => p.textContent)).toEqual([
      'Times are shown in America/Chicago.',
    ]);
    const first = calls.find((c) => c.url.startsWith('/api/v1/booking/slots'))!;
    const asked = new URL(first.url, 'http://portal.test').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      coach_id: '3',
      type_id: String(strategy.id),
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown as string,
      days: '14',
    });

    // The next range starts where the first ended.
    await user.click(screen.getByRole('button', { name: 'Show later days' }));
    expect(await screen.findByRole('list', { name: 'Monday, December 9th, 2030' })).toBeInTheDocument();
    const later = calls.filter((c) => c.url.startsWith('/api/v1/booking/slots')).at(-1)!;
    const from = new Date(`${asked.get('from')}T00:00:00Z`);
    from.setUTCDate(from.getUTCDate() + 14);
    expect(new URL(later.url, 'http://portal.test').searchParams.get('from')).toBe(
      from.toISOString().slice(0, 10),
    );

    await user.click(within(monday).getByRole('button', { name: '9:00 am, Monday, November 25th, 2030' }));
    expect(await heading('Confirm your meeting')).toHaveFocus();
    expect(screen.getByText('9:00 am, Monday, November 25th, 2030').parentElement).toHaveTextContent(
      '9:00 am, Monday, November 25th, 2030 (America/Chicago)',
    );
    await user.type(screen.getByLabelText('A note for your coach (optional)'), 'About the Q1 prices');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await heading('Your meeting is booked')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Your meeting is booked.');
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/v1/booking')!;
    expect(post.body).toEqual({
      coach_id: 3,
      type_id: strategy.id,
      start: '2030-11-25T15:00:00.000Z',
      note: 'About the Q1 prices',
    });
    expect(screen.getByRole('link', { name: 'See My Schedule' })).toHaveAttribute('href', '/schedule');
    expect(screen.getByRole('link', { name: 'Move or cancel' })).toHaveAttribute('href', '/book/meetings/41');
    // The schedule asks again for the new meeting.
    expect(queryClient.getQueryState(SCHEDULE_KEY)?.isInvalidated).toBe(true);
  });

  it('says a time just taken where it was chosen, offers the nearest free times, and keeps the note', async () => {
    let taken = true;
    const calls = server({
      post: () =>
        taken
          ? ((taken = false),
            {
              status: 409,
              data: {
                message: 'That time was just taken.',
                nearest: [{ start: '2030-11-25T16:30:00.000Z', end: '2030-11-25T17:15:00.000Z' }],
              },
            })
          : { status: 201, data: { data: bookedMeeting({ start: '2030-11-25T16:30:00.000Z' }) } },
    });
    const user = userEvent.setup();
    await toConfirm(user);
    await user.type(screen.getByLabelText('A note for your coach (optional)'), 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('That time was just taken.', { selector: '.error-text' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/^That time was just taken\.$/);
    const nearest = screen.getByRole('list', { name: 'The nearest free times' });
    // The old time cannot be confirmed again; nothing typed is lost.
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.click(within(nearest).getByRole('button', { name: '10:30 am, Monday, November 25th, 2030' }));
    expect(screen.getByText('10:30 am, Monday, November 25th, 2030')).toBeInTheDocument();
    expect(screen.getByLabelText('A note for your coach (optional)')).toHaveValue('Keep me');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await heading('Your meeting is booked');
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/booking');
    expect(posts.map((p) => p.body)).toEqual([
      { coach_id: 3, type_id: strategy.id, start: '2030-11-25T15:00:00.000Z', note: 'Keep me' },
      { coach_id: 3, type_id: strategy.id, start: '2030-11-25T16:30:00.000Z', note: 'Keep me' },
    ]);
  });

  it('asks for the coach first when there are several, and leaves out a coach with nothing to book', async () => {
    server({
      page: () => ({
        status: 200,
        data: {
          data: bookingPage([
            { id: 3, name: 'Thomas Lindqvist', types: [strategy] },
            { id: 4, name: 'Amara Okafor', types: [walk] },
            { id: 5, name: 'No Types', types: [] },
          ]),
        },
      }),
    });
    const user = userEvent.setup();
    renderPortal('/book');
    await heading('Choose your coach');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Thomas Lindqvist',
      'Amara Okafor',
    ]);
    await user.click(screen.getByRole('link', { name: 'Amara Okafor' }));
    expect(await heading('Choose a meeting')).toHaveFocus();
    expect(screen.getByText(/With Amara Okafor/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Walk and talk' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Strategy session' })).toBeNull();
  });

  it('says when there are no free times in the coming weeks, with a way to message the coach', async () => {
    server({ slots: () => ({ status: 200, data: { data: slotsPage([]) } }) });
    const user = userEvent.setup();
    renderPortal('/book');
    await user.click(await screen.findByRole('link', { name: 'Strategy session' }));
    const empty = await screen.findByText(/No free times in the coming weeks/);
    expect(empty).toHaveTextContent('No free times in the coming weeks — message your coach.');
    expect(within(empty).getByRole('link', { name: 'message your coach' })).toHaveAttribute(
      'href',
      '/messages/compose',
    );
  });

  it('says when there is nothing to book at all', async () => {
    server({ page: () => ({ status: 200, data: { data: bookingPage([]) } }) });
    renderPortal('/book');
    expect(await screen.findByText(/There is nothing to book yet/)).toHaveTextContent(
      'There is nothing to book yet — message your coach.',
    );
  });

  it('shows the loading state, then what failed with Try again', async () => {
    let fail = true;
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server({
      page: () =>
        held.then(() =>
          fail
            ? { status: 503, data: { message: 'Service unavailable.' } }
            : { status: 200, data: { data: bookingPage() } },
        ),
    });
    const user = userEvent.setup();
    renderPortal('/book');
    await screen.findByRole('heading', { level: 1, name: 'Book a session' });
    expect(await screen.findByText('Loading page....')).toBeInTheDocument();
    answer!();
    await tryAgain(user, 'The sessions you can book', () => (fail = false));
    expect(await heading('Choose a meeting')).toBeInTheDocument();
  });

  it('shows the free times’ own failure with Try again', async () => {
    let fail = true;
    server({
      slots: () =>
        fail
          ? { status: 503, data: { message: 'Service unavailable.' } }
          : { status: 200, data: { data: slotsPage(['2030-11-25']) } },
    });
    const user = userEvent.setup();
    renderPortal('/book');
    await user.click(await screen.findByRole('link', { name: 'Strategy session' }));
    await tryAgain(user, 'The free times', () => (fail = false));
    expect(await screen.findByRole('list', { name: 'Monday, November 25th, 2030' })).toBeInTheDocument();
  });

  it('is not part of the plan without the booking flag', async () => {
    signInBooking(false);
    const calls = server();
    renderPortal('/book');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Booking isn't part of your plan" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/booking'))).toBe(false));
  });
});
