import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
import type { NotificationPreferences } from '../api/get-preferences';
import { PREFERENCES_SAVED } from './preferences-page';

const CLIENT_PREFERENCES: NotificationPreferences = {
  kinds: [
    { kind: 'message', label: 'New messages', channels: { in_app: true, mail: true, push: true } },
    { kind: 'lesson', label: 'New lessons published', channels: { in_app: true, mail: null, push: false } },
  ],
  quiet_hours: null,
  tenant_quiet_hours: { from: '21:00', to: '08:00' },
};

/** The API: the preferences as saved, and a save answering `answer` (by default: what it was sent, kept). */
function preferencesApi(
  saved: NotificationPreferences,
  answer?: (body: Record<string, unknown>) => { status: number; data?: unknown },
) {
  let kept = saved;
  return fakeApi((call) => {
    if (call.url === '/gapi') return gapiAnswer(call);
    if (call.url === BADGE_URL) return badgeAnswer(0, 0);
    if (call.url === '/api/v1/notifications/preferences' && call.method === 'GET')
      return { status: 200, data: { data: kept } };
    if (call.url === '/api/v1/notifications/preferences' && call.method === 'POST') {
      const body = call.body as Record<string, unknown>;
      if (answer) return answer(body);
      const kinds = body.kinds as NotificationPreferences['kinds'];
      kept = {
        ...kept,
        kinds: kept.kinds.map((row) => ({
          ...row,
          channels: kinds.find((k) => k.kind === row.kind)?.channels ?? row.channels,
        })),
        quiet_hours: body.quiet_hours as NotificationPreferences['quiet_hours'],
        ...(body.morning_summary === undefined ? {} : { morning_summary: body.morning_summary as boolean }),
      };
      return { status: 200, data: { data: kept } };
    }
    return { status: 404, data: { message: 'Not found.' } };
  });
}

const posted = (calls: FakeCall[]) =>
  calls.find((call) => call.url === '/api/v1/notifications/preferences' && call.method === 'POST')!;
const saveButton = () => screen.getByRole('button', { name: 'Save notification settings' });

beforeEach(() => signInFresh());

describe('/notifications/settings', () => {
  it('shows a box per channel a kind uses, and saves a change with the portal’s quiet hours', async () => {
    const calls = preferencesApi(CLIENT_PREFERENCES);
    renderPortal('/notifications/settings');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Notification', 'In the portal', 'Email', 'Push']);
    // A lesson is never mailed: no box, and it says so to a screen reader.
    expect(screen.queryByRole('checkbox', { name: 'New lessons published: Email' })).toBeNull();
    expect(screen.getByText('New lessons published: not sent by email')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Use my portal's hours \(21:00 to 08:00\)/ })).toBeChecked();
    // A client has no morning summary.
    expect(screen.queryByRole('checkbox', { name: /each morning/ })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'New messages: Email' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'New lessons published: Push' }));
    await userEvent.click(saveButton());
    expect(await screen.findByText(PREFERENCES_SAVED)).toBeInTheDocument();
    const sent = posted(calls);
    expect(sent.body).toEqual({
      kinds: [
        { kind: 'message', channels: { in_app: true, mail: false, push: true } },
        { kind: 'lesson', channels: { in_app: true, mail: null, push: true } },
      ],
      quiet_hours: null,
    });
    expect(screen.getByRole('checkbox', { name: 'New messages: Email' })).not.toBeChecked();
  });

  it('sends chosen quiet hours, and shows a refusal of them beside the times', async () => {
    const calls = preferencesApi(CLIENT_PREFERENCES, () => ({
      status: 422,
      data: {
        message: 'The given data was invalid.',
        error: { 'quiet_hours.to': ['Give a time as HH:mm, for example 21:00.'] },
      },
    }));
    renderPortal('/notifications/settings');
    await userEvent.click(await screen.findByRole('radio', { name: 'Choose my own' }));
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('21:00');
    await userEvent.clear(from);
    await userEvent.type(from, '22:30');
    await userEvent.click(saveButton());
    expect(await screen.findByText('Give a time as HH:mm, for example 21:00.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('To')).toHaveFocus());
    expect(posted(calls).body).toMatchObject({
      quiet_hours: { from: '22:30', to: '08:00' },
    });
  });

  it("gives a coach the morning summary, and an empty role's page says nothing is sent", async () => {
    signInFresh(apiUser({ role_id: 2, email: 'coach@demo.test', company: null, company_id: null }));
    const calls = preferencesApi({ ...CLIENT_PREFERENCES, kinds: [], morning_summary: false });
    renderPortal('/coach/notifications/settings');
    expect(await screen.findByText('Nothing is sent to your account yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to notifications' })).toHaveAttribute(
      'href',
      '/coach/notifications',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /each morning/ }));
    await userEvent.click(saveButton());
    expect(await screen.findByText(PREFERENCES_SAVED)).toBeInTheDocument();
    expect(posted(calls).body).toEqual({
      kinds: [],
      quiet_hours: null,
      morning_summary: true,
    });
  });

  it('says when the settings cannot be loaded, with Try again', async () => {
    fakeApi((call) => {
      if (call.url === '/gapi') return gapiAnswer(call);
      return { status: 503, data: { message: 'The service is busy.' } };
    });
    renderPortal('/notifications/settings');
    expect(await screen.findByText(/Your notification settings could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
