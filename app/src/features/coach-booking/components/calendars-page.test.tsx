import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal, type FakeCall } from '@/testing/portal';
import type { CalendarConnection } from '../api/get-calendars';

const NOW = new Date('2030-03-11T12:00:00.000Z');
const work: CalendarConnection = {
  id: 1,
  label: 'Work',
  host: 'calendar.google.com',
  state: 'ok',
  last_success_at: '2030-03-11T11:50:00.000Z',
  last_attempt_at: '2030-03-11T11:50:00.000Z',
  problem: null,
  busy_count: 12,
  created_at: '2030-03-01T09:00:00.000Z',
};
const family: CalendarConnection = {
  ...work,
  id: 2,
  label: 'Family',
  host: 'p42-caldav.icloud.com',
  state: 'failing',
  last_success_at: '2030-03-11T09:00:00.000Z',
  last_attempt_at: '2030-03-11T11:55:00.000Z',
  problem: 'The calendar’s address answered “not found”: it may have been reset.',
  busy_count: 3,
};

function server(
  calendars: CalendarConnection[],
  route: (call: FakeCall) => { status: number; data?: unknown } | undefined = () => undefined,
) {
  return coachApi((call) => {
    const answer = route(call);
    if (answer) return answer;
    if (call.url === '/api/v1/coach/calendars' && call.method === 'GET')
      return { status: 200, data: { data: calendars } };
    if (call.url === '/api/v1/calendar-feed') return { status: 200, data: { data: null } };
    return undefined;
  });
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

beforeEach(() => {
  signInCoach();
  // Only Date: the page's timers and the test's waits run on the real clock.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => vi.useRealTimers());

describe('/coach/calendars', () => {
  it('shows when each calendar was last read, and since when a failing one has not worked and why', async () => {
    server([work, family]);
    renderPortal('/coach/calendars');
    expect(await card('Work')).toHaveTextContent('Last read 10 minutes ago · 12 busy times');
    const failing = await card('Family');
    expect(failing).toHaveTextContent(
      'Not working. Last worked 3 hours ago; its busy times from then still count.',
    );
    expect(failing).toHaveTextContent('it may have been reset');
    expect(failing).toHaveTextContent('p42-caldav.icloud.com');
  });

  it('adds a calendar by its secret address, waits for its first read, and shows it read', async () => {
    let list: CalendarConnection[] = [];
    const calls = server([], (call) => {
      if (call.url === '/api/v1/coach/calendars' && call.method === 'GET') {
        // The second read after adding finds it read.
        const reads = calls.filter((c) => c.url === call.url && c.method === 'GET').length;
        if (list.length && reads > 2)
          list = [{ ...list[0]!, state: 'ok', busy_count: 2, last_success_at: NOW.toISOString() }];
        return { status: 200, data: { data: list } };
      }
      if (call.method === 'POST' && call.url === '/api/v1/coach/calendars') {
        list = [{ ...work, id: 7, label: 'Clinic', state: 'waiting', last_success_at: null, busy_count: 0 }];
        return { status: 201, data: { data: list[0] } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/calendars');
    expect(await screen.findByText('No calendars added yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a calendar' });
    expect(within(form).getByText(/Secret address in iCal format\. Outlook/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Clinic');
    await user.type(within(form).getByLabelText(/^Secret address/), 'webcal://calendar.example.test/c.ics');
    await user.click(within(form).getByRole('button', { name: 'Add calendar' }));
    expect(await card('Clinic')).toHaveTextContent('Waiting for its first read');
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    await waitFor(
      async () => expect(await card('Clinic')).toHaveTextContent('Last read just now · 2 busy times'),
      {
        timeout: 10_000,
      },
    );
    expect(calls.find((c) => c.method === 'POST' && c.url !== '/gapi')!.body).toEqual({
      label: 'Clinic',
      url: 'webcal://calendar.example.test/c.ics',
    });
  });

  it("keeps a refused address typed, with the API's reason beside it", async () => {
    const reason = 'This address points inside a private network.';
    server([], (call) =>
      call.method === 'POST'
        ? { status: 422, data: { message: 'Check the calendar.', error: { url: [reason] } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/coach/calendars');
    const form = await screen.findByRole('form', { name: 'Add a calendar' });
    await user.type(within(form).getByLabelText('Name'), 'Router');
    const url = within(form).getByLabelText(/^Secret address/);
    await user.type(url, 'http://192.168.1.1/cal.ics');
    await user.click(within(form).getByRole('button', { name: 'Add calendar' }));
    expect(await within(form).findByText(reason)).toBeInTheDocument();
    expect(url).toHaveValue('http://192.168.1.1/cal.ics');
    expect(url).toHaveFocus();
  });

  it('says nothing went well when a refresh finds the calendar failing: the card says what is wrong', async () => {
    let read = work;
    server([work], (call) => {
      if (call.url === '/api/v1/coach/calendars' && call.method === 'GET')
        return { status: 200, data: { data: [read] } };
      if (call.url === '/api/v1/coach/calendars/1/refresh') {
        read = { ...family, id: 1, label: 'Work' };
        return { status: 200, data: { data: read } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/calendars');
    await user.click(await screen.findByRole('button', { name: 'Refresh Work' }));
    expect(await card('Work')).toHaveTextContent(/Not working\. Last worked 3 hours ago/);
    await waitFor(async () => expect(await card('Work')).toHaveTextContent('it may have been reset'));
    expect(screen.queryByText('"Work" is read again.')).toBeNull();
  });

  it('reads a calendar again on Refresh, and removes one after a confirmation', async () => {
    const calls = server([work], (call) => {
      if (call.url === '/api/v1/coach/calendars/1/refresh') return { status: 200, data: { data: work } };
      if (call.method === 'DELETE') return { status: 200, data: { data: { id: 1 } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/calendars');
    await user.click(await screen.findByRole('button', { name: 'Refresh Work' }));
    expect(await screen.findByText('"Work" is read again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Work' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this calendar?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('"Work" is removed.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method !== 'GET' && c.url !== '/gapi').map((c) => [c.method, c.url]),
    ).toEqual([
      ['POST', '/api/v1/coach/calendars/1/refresh'],
      ['DELETE', '/api/v1/coach/calendars/1'],
    ]);
    // The coach's own feed is on the same screen.
    expect(screen.getByRole('heading', { name: 'Your calendar feed' })).toBeInTheDocument();
  });
});
