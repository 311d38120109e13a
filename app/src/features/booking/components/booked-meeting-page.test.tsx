import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { SCHEDULE_KEY } from '@/lib/query-keys';
import { ZONE, bookedMeeting, bookingPage, signInBooking, slotsPage, strategy } from '@/testing/booking';
import { fakeApi, gapiAnswer, renderPortal, type FakeCall, type FakeRoute } from '@/testing/portal';
import type { BookedMeeting } from '../../../../../contracts/rest/booking';

type Answer = ReturnType<FakeRoute>;

/** The booking API around one meeting; `post` answers a move or a cancel first when it gives an answer. */
function server(meeting: () => Answer, post?: (call: FakeCall) => Answer | undefined) {
  return fakeApi((call) => {
    const url = new URL(call.url, 'http://portal.test');
    if (url.pathname === '/gapi') return gapiAnswer(call);
    if (call.method === 'POST') {
      const answer = post?.(call);
      if (answer) return answer;
    }
    if (url.pathname === '/api/v1/booking') return { status: 200, data: { data: bookingPage() } };
    if (url.pathname === '/api/v1/booking/slots')
      return { status: 200, data: { data: slotsPage(['2030-11-27']) } };
    if (url.pathname === '/api/v1/booking/meetings/41') return meeting();
    return { status: 404, data: { message: 'Not found.' } };
  });
}

const found = (meeting: BookedMeeting) => () => ({ status: 200, data: { data: meeting } });

beforeEach(() => {
  signInBooking();
  queryClient.setQueryData(SCHEDULE_KEY, { time_zone: ZONE, upcoming: [], past: [] });
});

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('/book/meetings/:id', () => {
  it('moves the meeting to a new free time, the old one shown until the new one is confirmed', async () => {
    let current = bookedMeeting();
    const calls = server(found(current), (call) => {
      if (call.url !== '/api/v1/booking/meetings/41/move') return undefined;
      const { start } = call.body as { start: string };
      current = bookedMeeting({ start, end: new Date(Date.parse(start) + 45 * 60_000).toISOString() });
      return { status: 200, data: { data: current } };
    });
    const user = userEvent.setup();
    renderPortal('/book/meetings/41');
    const meeting = (await heading('Strategy session')).closest('section') as HTMLElement;
    expect(within(meeting).getByText('9:00 am, Monday, November 25th, 2030')).toBeInTheDocument();
    expect(meeting).toHaveTextContent('With' + 'Thomas Lindqvist');
    expect(within(meeting).getByRole('link', { name: 'Join meeting' })).toHaveAttribute(
      'href',
      'https://meet.example.com/abc',
    );
    expect(meeting).toHaveTextContent(
      'You can move or cancel it until 9:00 am, Sunday, November 24th, 2030.',
    );

    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await heading('Choose a new time')).toHaveFocus();
    expect(
      screen.getByText(
        'Strategy session stays at 9:00 am, Monday, November 25th, 2030 until you confirm a new time.',
      ),
    ).toBeInTheDocument();
    // The same free times as booking: this meeting's coach and type.
    const slots = calls.find((c) => c.url.startsWith('/api/v1/booking/slots'))!;
    const asked = new URL(slots.url, 'http://portal.test').searchParams;
    expect([asked.get('coach_id'), asked.get('type_id')]).toEqual(['3', String(strategy.id)]);
    const wednesday = await screen.findByRole('list', { name: 'Wednesday, November 27th, 2030' });
    await user.click(within(wednesday).getByRole('button', { name: /^9:45 am/ }));

    expect(await heading('Move your meeting')).toHaveFocus();
    expect(screen.getByText(/moves from 9:00 am, Monday, November 25th, 2030 to:/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm move' }));
    expect(await heading('Strategy session')).toHaveFocus();
    expect(screen.getByText('9:45 am, Wednesday, November 27th, 2030')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your meeting is moved to 9:45 am, Wednesday, November 27th, 2030.',
    );
    const posts = calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/v1/booking'));
    expect(posts.map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/booking/meetings/41/move', { start: '2030-11-27T15:45:00.000Z' }],
    ]);
    expect(queryClient.getQueryState(SCHEDULE_KEY)?.isInvalidated).toBe(true);
  });

  it('offers the nearest free times when the new time was just taken', async () => {
    server(found(bookedMeeting()), (call) =>
      call.url.endsWith('/move')
        ? {
            status: 409,
            data: {
              message: 'That time was just taken.',
              nearest: [{ start: '2030-11-28T15:00:00.000Z', end: '2030-11-28T15:45:00.000Z' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/book/meetings/41');
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    const wednesday = await screen.findByRole('list', { name: 'Wednesday, November 27th, 2030' });
    await user.click(within(wednesday).getByRole('button', { name: /^9:00 am/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm move' }));
    expect(await screen.findByText('That time was just taken.', { selector: '.error-text' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('That time was just taken.');
    const nearest = screen.getByRole('list', { name: 'The nearest free times' });
    await user.click(within(nearest).getByRole('button', { name: '9:00 am, Thursday, November 28th, 2030' }));
    expect(screen.getByText('9:00 am, Thursday, November 28th, 2030')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm move' })).toBeEnabled();
  });

  it('cancels after asking, Keep meeting first', async () => {
    const calls = server(found(bookedMeeting()), (call) =>
      call.url.endsWith('/cancel') ? { status: 200, data: { data: { id: 41 } } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/book/meetings/41');
    await user.click(await screen.findByRole('button', { name: 'Cancel meeting' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this meeting?' });
    expect(within(dialog).getByRole('button', { name: 'Keep meeting' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep meeting' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel meeting' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel meeting' }));
    expect(await heading('Your meeting is cancelled')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Your meeting is cancelled.');
    expect(calls.filter((c) => c.url.startsWith('/api/v1/booking/meetings/41/')).map((c) => c.url)).toEqual([
      '/api/v1/booking/meetings/41/cancel',
    ]);
    expect(screen.getByRole('link', { name: 'See My Schedule' })).toHaveAttribute('href', '/schedule');
    expect(queryClient.getQueryState(SCHEDULE_KEY)?.isInvalidated).toBe(true);
  });

  it('past the notice, states the policy and offers to message the coach', async () => {
    server(found(bookedMeeting({ change_until: null })));
    renderPortal('/book/meetings/41');
    expect(
      await screen.findByText('Meetings can be moved or cancelled up to 24 hours before they start.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message your coach' })).toHaveAttribute(
      'href',
      '/messages/compose',
    );
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel meeting' })).toBeNull();
  });

  it('says a meeting the coach set is changed by messaging them', async () => {
    server(found(bookedMeeting({ type_id: null, change_until: null })));
    renderPortal('/book/meetings/41');
    expect(
      await screen.findByText('Your coach set this meeting: to move or cancel it, message them.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message your coach' })).toBeInTheDocument();
  });

  it('says when there is no such meeting, asking the API nothing for an id that is none', async () => {
    const calls = server(() => ({ status: 404, data: { message: 'Meeting not found.' } }));
    renderPortal('/book/meetings/41');
    expect(await screen.findByRole('heading', { name: 'Meeting not found' })).toBeInTheDocument();
    renderPortal('/book/meetings/abc');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { name: 'Meeting not found' })).toHaveLength(2),
    );
    expect(calls.filter((c) => c.url.includes('/meetings/')).map((c) => c.url)).toEqual([
      '/api/v1/booking/meetings/41',
    ]);
  });

  it('shows what failed with Try again', async () => {
    let fail = true;
    server(() =>
      fail ? { status: 503, data: { message: 'Service unavailable.' } } : found(bookedMeeting())(),
    );
    const user = userEvent.setup();
    renderPortal('/book/meetings/41');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Your meeting could not be loaded: Service unavailable.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await heading('Strategy session')).toBeInTheDocument();
  });
});
