import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUser, fakeApi, gapiAnswer, renderPortal, signInFresh } from '@/testing/portal';

const review = {
  id: 7,
  client: { id: 41, first_name: 'Maya', last_name: 'Chen' },
  title: 'Quarter review',
  agenda: '',
  starts_at: '2030-11-25T15:00:00.000Z',
  duration_minutes: 60,
  time_zone: 'Europe/Berlin',
  client_time_zone: 'America/New_York',
  meeting_url: 'https://meet.example.com/q',
  place: null,
};

beforeEach(() => {
  signInFresh(apiUser({ role_id: 2, time_zone: 'Europe/Berlin' }));
});

describe('/coach/schedule', () => {
  it("lists meetings in the coach's and the client's time; an overlap is shown and booked only on Book anyway", async () => {
    const calls = fakeApi((call) => {
      if (call.url === '/api/v1/coach/meetings' && call.method === 'GET')
        return { status: 200, data: { data: { time_zone: 'Europe/Berlin', meetings: [review] } } };
      if (call.url === '/api/v1/coach/clients')
        return { status: 200, data: { data: [review.client], total: 1 } };
      if (call.url === '/api/v1/coach/meetings' && call.method === 'POST') {
        const confirmed = (call.body as { confirm_overlap: boolean }).confirm_overlap;
        return confirmed
          ? { status: 201, data: { data: { ...review, id: 8, title: 'Clash' } } }
          : { status: 409, data: { message: 'overlaps', overlaps: [review] } };
      }
      return gapiAnswer(call);
    });
    renderPortal('/coach/schedule?client=41');
    const card = (await screen.findByRole('heading', { name: 'Quarter review' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByText(/4:00 pm, Monday, November 25th, 2030/)).toBeInTheDocument();
    expect(within(card).getByText(/Their time: 10:00 am, Monday, November 25th, 2030/)).toBeInTheDocument();

    // ?client= opened the form with the client chosen.
    const user = userEvent.setup();
    expect(await screen.findByRole('option', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Client')).toHaveValue('41');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Clash' } });
    fireEvent.change(screen.getByLabelText(/^Start/), { target: { value: '2030-11-25T16:30' } });
    fireEvent.change(screen.getByLabelText(/^Online link/), {
      target: { value: 'https://meet.example.com/c' },
    });
    await user.click(screen.getByRole('button', { name: 'Schedule meeting' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Quarter review with Maya Chen');
    expect(screen.getByRole('heading', { name: 'New meeting' })).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Book anyway' }));
    expect(await screen.findByRole('button', { name: 'New meeting' })).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/coach/meetings');
    expect(posts.map((c) => (c.body as { confirm_overlap: boolean }).confirm_overlap)).toEqual([false, true]);
    expect(posts[1]!.body).toMatchObject({ client_id: 41, title: 'Clash', start: '2030-11-25T16:30' });
  });

  it('asks before cancelling with unambiguous buttons: Keep meeting keeps it, Cancel meeting cancels it', async () => {
    const calls = fakeApi((call) => {
      if (call.url === '/api/v1/coach/meetings' && call.method === 'GET')
        return { status: 200, data: { data: { time_zone: 'Europe/Berlin', meetings: [review] } } };
      if (call.url === '/api/v1/coach/clients')
        return { status: 200, data: { data: [review.client], total: 1 } };
      if (call.url === '/api/v1/coach/meetings/7/cancel') return { status: 200, data: { data: { id: 7 } } };
      return gapiAnswer(call);
    });
    renderPortal('/coach/schedule');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Quarter review' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel this meeting?' });
    // No button called just "Cancel": it would read as cancelling the meeting.
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Keep meeting' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep meeting' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/cancel'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel Quarter review' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel this meeting?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel meeting' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/coach/meetings/7/cancel')).toBe(true));
  });

  it('offers a retry when the list fails, and says so when there are no meetings', async () => {
    let fail = true;
    fakeApi((call) => {
      if (call.url !== '/api/v1/coach/meetings') return gapiAnswer(call);
      return fail
        ? { status: 503, data: { message: 'Down for maintenance.' } }
        : { status: 200, data: { data: { time_zone: 'Europe/Berlin', meetings: [] } } };
    });
    const user = userEvent.setup();
    renderPortal('/coach/schedule');
    expect(
      await screen.findByText(/Your meetings could not be loaded: Down for maintenance./),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No meetings in the next 8 weeks.')).toBeInTheDocument();
  });
});
