import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal, type FakeCall } from '@/testing/portal';
import type { AvailabilityPage } from '../api/get-availability';
import type { MeetingType } from '../api/get-meeting-types';
import { intro } from './booking-fixtures';

const ZONE = 'America/Los_Angeles';
const settings = {
  buffer_before_minutes: 0,
  buffer_after_minutes: 10,
  min_notice_minutes: 720,
  horizon_days: 42,
  max_per_day: null,
};
const empty: AvailabilityPage = { time_zone: ZONE, weekly: [], days: [], settings };
const slots = {
  time_zone: ZONE,
  coach_time_zone: ZONE,
  days: [
    {
      date: '2030-03-11',
      slots: [
        { start: '2030-03-11T16:00:00.000Z', end: '2030-03-11T16:30:00.000Z' },
        { start: '2030-03-11T16:30:00.000Z', end: '2030-03-11T17:00:00.000Z' },
      ],
    },
    { date: '2030-03-12', slots: [] },
  ],
};

/** The coach's API: `saved` answers the availability until a PUT answers `put` (the body saved, by default). */
function server({
  saved = empty,
  types = [intro],
  put,
}: {
  saved?: AvailabilityPage;
  types?: MeetingType[];
  put?: (call: FakeCall) => { status: number; data?: unknown };
} = {}) {
  let current = saved;
  return coachApi((call) => {
    if (call.url === '/api/v1/coach/availability' && call.method === 'GET')
      return { status: 200, data: { data: current } };
    if (call.url === '/api/v1/coach/availability' && call.method === 'PUT') {
      const answer = put?.(call);
      if (answer) return answer;
      current = { time_zone: ZONE, ...(call.body as Omit<AvailabilityPage, 'time_zone'>) };
      return { status: 200, data: { data: current } };
    }
    if (call.url === '/api/v1/coach/meeting-types') return { status: 200, data: { data: types } };
    if (call.url.startsWith('/api/v1/coach/booking/slots')) return { status: 200, data: { data: slots } };
    return undefined;
  });
}

const day = (name: string) => screen.getByRole('group', { name });

beforeEach(signInCoach);

describe('/coach/availability', () => {
  it('starts empty with why clients cannot book yet, and names the zone once', async () => {
    server();
    renderPortal('/coach/availability');
    expect(await screen.findByText(/Clients can't book you until you add hours/)).toBeInTheDocument();
    expect(screen.getAllByText(/America\/Los Angeles/)).toHaveLength(1);
    expect(within(day('Monday')).getByText('Not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Availability' })).toHaveAttribute('aria-current', 'page');
  });

  it('is set by keyboard alone: add hours, type them, copy Monday to weekdays, save the whole', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderPortal('/coach/availability');
    const add = await screen.findByRole('button', { name: 'Add hours on Monday' });
    add.focus();
    await user.keyboard('{Enter}');
    // The keyboard is in the new range's start, filled with a working day for a first range.
    const start = within(day('Monday')).getByLabelText('From');
    expect(start).toHaveFocus();
    expect(start).toHaveValue('09:00');
    await user.keyboard('{Control>}a{/Control}8:30');
    await user.tab();
    await user.keyboard('{Control>}a{/Control}1200');
    // A second range starts where the first ended.
    await user.tab(); // Remove
    await user.tab(); // Add hours
    expect(screen.getByRole('button', { name: 'Add hours on Monday' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const second = within(day('Monday')).getAllByLabelText('From')[1]!;
    expect(second).toHaveFocus();
    // What was typed reads as a time once left: the second range starts where the first ended.
    expect(within(day('Monday')).getAllByLabelText('To')[0]).toHaveValue('12:00');
    expect(second).toHaveValue('12:00');
    await user.keyboard('{Control>}a{/Control}13:00{Tab}17:00');
    await user.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' }));
    expect(screen.getByRole('status')).toHaveTextContent("Monday's hours are copied to Tuesday to Friday.");
    expect(
      within(day('Friday'))
        .getAllByLabelText('To')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['12:00', '17:00']);
    expect(within(day('Saturday')).getByText('Not available')).toBeInTheDocument();
    // Removing a range puts the keyboard on the one before it.
    await user.click(screen.getByRole('button', { name: 'Remove Friday hours 2' }));
    expect(within(day('Friday')).getByLabelText('From')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Your availability is saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    const ranges = (put.body as AvailabilityPage).weekly;
    expect(ranges.filter((r) => r.weekday === 1)).toEqual([
      { weekday: 1, start: '08:30', end: '12:00' },
      { weekday: 1, start: '13:00', end: '17:00' },
    ]);
    expect(ranges.filter((r) => r.weekday === 5)).toEqual([{ weekday: 5, start: '08:30', end: '12:00' }]);
    expect(ranges.some((r) => r.weekday > 5)).toBe(false);
    expect(put.body).toMatchObject({ days: [], settings });
    // Saved hours: the empty state is gone, and what clients see was asked again.
    await waitFor(() => expect(screen.queryByText(/Clients can't book you/)).toBeNull());
    expect(calls.filter((c) => c.url.startsWith('/api/v1/coach/booking/slots')).length).toBeGreaterThan(1);
  });

  it("puts the API's sentences beside their rows and fields, and keeps every row as typed", async () => {
    const saved: AvailabilityPage = {
      ...empty,
      weekly: [
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 2, start: '11:00', end: '15:00' },
      ],
      days: [{ date: '2030-03-15', kind: 'off' }],
    };
    const calls = server({
      saved,
      put: () => ({
        status: 422,
        data: {
          message: 'Check the availability.',
          error: {
            'weekly.1': ['This range overlaps another on the same day.'],
            'settings.horizon_days': ['Enter a number of at most 365.'],
            'days.0.date': ['This day is in the past.'],
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderPortal('/coach/availability');
    const horizon = await screen.findByLabelText('Bookable up to (days ahead)');
    expect(screen.queryByText(/Clients can't book you/)).toBeNull();
    await user.clear(horizon);
    await user.type(horizon, '500');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    const overlap = await screen.findByText('This range overlaps another on the same day.');
    // Beside Tuesday's second range, not the first; its first field says so and has the keyboard.
    expect(overlap.closest('li')).toBe(within(day('Tuesday')).getAllByRole('listitem')[1]);
    const from = within(day('Tuesday')).getAllByLabelText('From');
    expect(from[1]).toHaveAttribute('aria-invalid', 'true');
    expect(from[1]).toHaveAttribute('aria-describedby', overlap.id);
    expect(from[1]).toHaveFocus();
    expect(from[0]).not.toHaveAttribute('aria-invalid');
    expect(horizon).toHaveValue(500);
    expect(horizon).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a number of at most 365.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(day('Tuesday'))
        .getAllByLabelText('To')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['12:00', '15:00']);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('sends nothing while a time cannot be read or ends before it starts', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderPortal('/coach/availability');
    await user.click(await screen.findByRole('button', { name: 'Add hours on Wednesday' }));
    const to = within(day('Wednesday')).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '08:00');
    await user.click(screen.getByRole('button', { name: 'Add a day off' }));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('End after the start.')).toBeInTheDocument();
    expect(screen.getByText('Choose the date.')).toBeInTheDocument();
    expect(to).toHaveFocus();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows what clients see for a chosen type, in the coach's zone", async () => {
    const calls = server({ types: [intro, { ...intro, id: 4, name: 'Deep dive', duration_minutes: 90 }] });
    const user = userEvent.setup();
    renderPortal('/coach/availability');
    const preview = (await screen.findByRole('heading', { name: 'What your clients see' })).closest(
      'section',
    ) as HTMLElement;
    const days = await within(preview).findByRole('list', { name: 'Free times' });
    expect(within(days).getByRole('heading', { name: 'Monday, March 11th, 2030' })).toBeInTheDocument();
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('9:00 am');
    expect(within(days).queryByText('Tuesday, March 12th, 2030')).toBeNull();
    await user.selectOptions(within(preview).getByLabelText('Meeting type'), 'Deep dive (90 minutes)');
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/v1/coach/booking/slots?type_id=4&days=7')).toBe(true),
    );
  });

  it('says how to see the preview when there is no meeting type', async () => {
    server({ types: [{ ...intro, active: false }] });
    renderPortal('/coach/availability');
    const preview = (await screen.findByRole('heading', { name: 'What your clients see' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(preview).getByRole('link', { name: 'add one' })).toHaveAttribute(
      'href',
      '/coach/meeting-types',
    );
  });

  it('says when a type has no free time in the coming week', async () => {
    coachApi((call) => {
      if (call.url === '/api/v1/coach/availability') return { status: 200, data: { data: empty } };
      if (call.url === '/api/v1/coach/meeting-types') return { status: 200, data: { data: [intro] } };
      if (call.url.startsWith('/api/v1/coach/booking/slots'))
        return { status: 200, data: { data: { ...slots, days: [{ date: '2030-03-12', slots: [] }] } } };
      return undefined;
    });
    renderPortal('/coach/availability');
    expect(await screen.findByText('No free times in the next 7 days.')).toBeInTheDocument();
  });
});
