import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsole } from '@/testing/console';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal } from '@/testing/portal';
import type { GroupSessions } from '../api/get-sessions';

const LOAD = { timeout: 5000 };
const URL = '/api/v1/coach/groups/7/sessions';

const answer = (fields: Partial<GroupSessions> = {}): GroupSessions => ({
  group: { id: 7, title: 'Profit Accelerator' },
  time_zone: 'America/Los_Angeles',
  sessions: [],
  members: [{ id: 3, first_name: 'Rachel', last_name: 'Kowalski', time_zone: 'America/New_York' }],
  recordings: [],
  ...fields,
});

beforeEach(signInCoach);

describe("a group's live sessions", () => {
  it('says when nothing is scheduled yet, and shows a session in the coach’s time and each other zone', async () => {
    coachApi((call) => (call.url === URL ? { status: 200, data: { data: answer() } } : undefined));
    renderPortal('/coach/groups/7/sessions');
    expect(await screen.findByText('No live sessions scheduled yet.', {}, LOAD)).toBeTruthy();
    expect(
      screen.getByText("No recordings yet. Add the link of a session's video once it is online."),
    ).toBeTruthy();
  });

  it('lists a session with the member’s local time where it differs', async () => {
    const session = {
      id: 5,
      title: 'Pricing clinic',
      starts_at: '2027-05-04T17:00:00.000Z',
      duration_minutes: 60,
      time_zone: 'America/Los_Angeles',
      meeting_url: 'https://meet.example/clinic',
    };
    coachApi((call) =>
      call.url === URL ? { status: 200, data: { data: answer({ sessions: [session] }) } } : undefined,
    );
    renderPortal('/coach/groups/7/sessions');
    const list = await screen.findByRole('list', { name: 'Live sessions' }, LOAD);
    const card = within(list).getByRole('listitem');
    expect(card.textContent).toContain('Rachel Kowalski:');
    expect(card.textContent).toContain('America/New York');
    expect(within(card).getByRole('button', { name: 'Move Pricing clinic' })).toBeTruthy();
  });

  it('shows what could not be loaded with Try again', async () => {
    let fail = true;
    coachApi((call) =>
      call.url === URL
        ? fail
          ? { status: 500, data: {} }
          : { status: 200, data: { data: answer() } }
        : undefined,
    );
    expectConsole('error', /^API error GET \/api\/v1\/coach\/groups\/7\/sessions /);
    const user = userEvent.setup();
    renderPortal('/coach/groups/7/sessions');
    const retry = await screen.findByRole('button', { name: 'Try again' }, LOAD);
    expect(screen.getByText(/The group's live sessions could not be loaded/)).toBeTruthy();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No live sessions scheduled yet.', {}, LOAD)).toBeTruthy();
  });

  it('refuses a session without a title, time or link beside its fields, sending nothing', async () => {
    const calls = coachApi((call) =>
      call.url === URL ? { status: 200, data: { data: answer() } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/coach/groups/7/sessions');
    await user.click(await screen.findByRole('button', { name: 'New live session' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Schedule and invite members' }));
    expect(await screen.findByText('Give the session a title.')).toBeTruthy();
    expect(screen.getByText('Choose the date and time.')).toBeTruthy();
    expect(screen.getByText('Give the https:// link members join by.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === URL)).toEqual([]);
  });
});
