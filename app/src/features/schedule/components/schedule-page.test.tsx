import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { lessonMeetingsQueryOptions } from '@/lib/lesson-meetings';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer, renderPortal, signInFresh } from '@/testing/portal';

const meeting = (id: number, title: string, meeting_time: string, meeting_url: string | null) => ({
  id,
  title,
  agenda: '',
  meeting_time,
  duration_minutes: 60,
  time_zone: 'America/Los_Angeles',
  meeting_url,
  place: null,
  coach_name: 'Thomas Lindqvist',
});

beforeEach(() => {
  signInFresh(apiUser({ time_zone: 'America/Chicago' }));
});

describe('/schedule', () => {
  it('shows times in the user’s zone, named once, and join links only for http(s)', async () => {
    fakeApi((call) => {
      if (call.url === '/api/v1/clientportal/schedule/')
        return {
          status: 200,
          data: {
            data: {
              time_zone: 'America/Chicago',
              upcoming: [
                meeting(1, 'Strategy', '2030-11-25T22:00:00.000Z', 'https://meet.example.com/a'),
                meeting(2, 'Sneaky', '2030-11-26T22:00:00.000Z', 'javascript:alert(1)'),
              ],
              past: [meeting(3, 'Kick-off', '2026-10-31T17:00:00.000Z', 'https://meet.example.com/old')],
            },
          },
        };
      return gapiAnswer(call);
    });
    renderPortal('/schedule');
    const strategy = (await screen.findByRole('heading', { name: 'Strategy' })).closest('li') as HTMLElement;
    expect(within(strategy).getByText('4:00 pm, Monday, November 25th, 2030')).toBeInTheDocument();
    // The zone is named once for the page, not on every meeting.
    expect(screen.getAllByText(/America\/Chicago/).map((p) => p.textContent)).toEqual([
      'Times are shown in America/Chicago.',
    ]);
    expect(within(strategy).getByRole('link', { name: 'Join meeting: Strategy' })).toHaveAttribute(
      'href',
      'https://meet.example.com/a',
    );
    const sneaky = screen.getByRole('heading', { name: 'Sneaky' }).closest('li') as HTMLElement;
    expect(within(sneaky).queryByRole('link')).toBeNull();
    const past = screen.getByRole('heading', { name: 'Kick-off' }).closest('li') as HTMLElement;
    expect(within(past).queryByRole('link')).toBeNull();
    expect(screen.getByText('No lesson meetings.')).toBeInTheDocument();
  });

  it('shows one loading state until both the meetings and the lesson meetings are in', async () => {
    let answerSchedule: (() => void) | undefined;
    const scheduleAnswered = new Promise<void>((resolve) => (answerSchedule = resolve));
    fakeApi(async (call) => {
      if (call.url !== '/api/v1/clientportal/schedule/') return gapiAnswer(call);
      await scheduleAnswered;
      return {
        status: 200,
        data: { data: { time_zone: 'America/Chicago', upcoming: [], past: [] } },
      };
    });
    renderPortal('/schedule');
    await screen.findByRole('heading', { level: 1, name: 'My Schedule' });
    // The lesson meetings are in, the meetings are not: no section is drawn yet, so none is pushed down later.
    // Waits for the lesson meetings' answer itself (a fixed pause passed without it on a loaded machine).
    const lessons = lessonMeetingsQueryOptions(sessionStore.get()!.user.id).queryKey;
    await waitFor(() => expect(queryClient.getQueryState(lessons)?.status).toBe('success'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading page....');
    expect(screen.queryByRole('heading', { name: 'Lesson meetings' })).toBeNull();
    answerSchedule!();
    expect(await screen.findByText('No upcoming meetings.')).toBeInTheDocument();
    expect(screen.getByText('No lesson meetings.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('with booking, links each upcoming meeting to its page to move or cancel it', async () => {
    const answer = {
      time_zone: 'America/Chicago',
      upcoming: [meeting(1, 'Strategy', '2030-11-25T22:00:00.000Z', null)],
      past: [meeting(3, 'Kick-off', '2026-10-31T17:00:00.000Z', null)],
    };
    fakeApi((call) =>
      call.url === '/api/v1/clientportal/schedule/'
        ? { status: 200, data: { data: answer } }
        : gapiAnswer(call),
    );
    signInFresh(apiUser({ time_zone: 'America/Chicago', trainings: { booking: true } }));
    const view = renderPortal('/schedule');
    const strategy = (await screen.findByRole('heading', { name: 'Strategy' })).closest('li') as HTMLElement;
    expect(within(strategy).getByRole('link', { name: 'Move or cancel: Strategy' })).toHaveAttribute(
      'href',
      '/book/meetings/1',
    );
    const past = screen.getByRole('heading', { name: 'Kick-off' }).closest('li') as HTMLElement;
    expect(within(past).queryByRole('link')).toBeNull();
    view.unmount();

    signInFresh(apiUser({ time_zone: 'America/Chicago', trainings: { booking: false } }));
    renderPortal('/schedule');
    await screen.findByRole('heading', { name: 'Strategy' });
    expect(screen.queryByRole('link', { name: /Move or cancel/ })).toBeNull();
  });

  // 5xx answers are retried once (lib/query-client) before the page gives up.
  it('shows an error with a retry when the API is unreachable', async () => {
    fakeApi(() => ({ status: 503, data: { message: 'Service unavailable.' } }));
    renderPortal('/schedule');
    expect(
      (await screen.findAllByText(/could not be loaded: Service unavailable\./, {}, { timeout: 5000 }))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
