import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsole } from '@/testing/console';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';
import type { ClientPageData } from '../api/get-client';

const LOAD = { timeout: 5000 };
const URL = '/api/v1/coach/clients/12';

const step = { id: 31, title: 'Cost out a bag', description: '', status: 0, due_date: null } as const;
const page = (fields: Partial<ClientPageData> = {}): ClientPageData => ({
  client: {
    id: 12,
    first_name: 'Jonah',
    last_name: 'Fischer',
    email: 'client2@demo.test',
    title: null,
    location: null,
    time_zone: 'America/New_York',
    phone_number: null,
    profile_pic: null,
    company_id: 4,
    company: { id: 4, name: 'Bayside Coffee Roasters' },
  },
  schedule: { upcoming: [], past: [] },
  notes: { client: [], private: [] },
  action_steps: [],
  commitments: [],
  metrics: [],
  assessments: [],
  files: [],
  groups: [],
  ...fields,
});

function server(answer: (call: FakeCall) => { status: number; data?: unknown } | undefined) {
  return fakeApi((call) => {
    if (call.url === '/gapi') return gapiAnswer(call);
    const answered = answer(call);
    if (answered) return answered;
    // The Goals section's own call: no goals yet.
    if (/^\/api\/v1\/coach\/clients\/\d+\/goals$/.test(call.url)) return { status: 200, data: { data: [] } };
    return { status: 404, data: { message: 'Not found.' } };
  });
}

beforeEach(() => {
  signInFresh(apiUser({ role_id: 2, email: 'coach@demo.test', time_zone: 'America/Los_Angeles' }));
});

describe("the coach's page of a client", () => {
  it('shows a not-found state, without a toast, for a client not assigned to the coach (404)', async () => {
    server((call) =>
      call.url === URL ? { status: 404, data: { message: 'Client not found.' } } : undefined,
    );
    renderPortal('/coach/clients/12');
    expect(await screen.findByRole('heading', { name: 'Client not found' }, LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your clients' }).getAttribute('href')).toBe(
      '/coach/clients',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing for an address whose id is not one, and says not found', async () => {
    const calls = server(() => undefined);
    renderPortal('/coach/clients/abc');
    expect(await screen.findByRole('heading', { name: 'Client not found' }, LOAD)).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/v1/coach/clients'))).toBe(false);
  });

  it('says what failed with Try again, then shows the client and each empty section', async () => {
    let fail = true;
    server((call) =>
      call.url === URL
        ? fail
          ? { status: 500, data: {} }
          : { status: 200, data: { data: page() } }
        : undefined,
    );
    // A server error is logged (SPEC §8), once for the first try and once for the query's one retry.
    expectConsole('error', /^API error GET \/api\/v1\/coach\/clients\/12 /);
    const user = userEvent.setup();
    renderPortal('/coach/clients/12');
    const retry = await screen.findByRole('button', { name: 'Try again' }, LOAD);
    expect(screen.getByText(/This client could not be loaded/)).toBeTruthy();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jonah Fischer' }, LOAD)).toBeTruthy();
    for (const empty of [
      'No meetings booked.',
      'The client has written no notes yet.',
      'No private notes yet.',
      'No action steps yet.',
      'The client tracks no metrics yet.',
      'No assessments yet.',
      'No files yet.',
      'The client is in no group.',
    ])
      expect(screen.getByText(empty)).toBeTruthy();
    // The goals arrive by a call of their own.
    expect(await screen.findByText('No goals yet: set one with your client below.')).toBeTruthy();
  });

  it('adds a private note and moves a step with the stage list', async () => {
    let data = page({
      action_steps: [{ ...step, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' }],
    });
    const calls = server((call) => {
      if (call.url === URL) return { status: 200, data: { data } };
      if (call.url === `${URL}/notes`) {
        const note = {
          id: 5,
          body: 'Ask about the lease.',
          meeting_id: null,
          author_id: 7,
          created_at: '2026-11-21T10:00:00Z',
          updated_at: '2026-11-21T10:00:00Z',
        };
        data = { ...data, notes: { client: [], private: [note] } };
        return { status: 201, data: { data: note } };
      }
      if (call.url === '/api/v1/coach/action-steps/31/move') {
        const moved = { ...data.action_steps[0]!, status: 1 };
        data = { ...data, action_steps: [moved] };
        return { status: 200, data: { data: moved } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/clients/12');
    await user.type(await screen.findByLabelText(/New private note/, {}, LOAD), 'Ask about the lease.');
    await user.click(screen.getByRole('button', { name: 'Add private note' }));
    const privateNotes = screen.getByTestId('private-notes');
    expect(await within(privateNotes).findByText('Ask about the lease.', {}, LOAD)).toBeTruthy();
    expect(calls.find((c) => c.url === `${URL}/notes`)!.body).toEqual({ body: 'Ask about the lease.' });

    await user.selectOptions(screen.getByLabelText('Stage of Cost out a bag'), 'progress');
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/move'))?.body).toEqual({ status: 1 }));
    await waitFor(() =>
      expect((screen.getByLabelText('Stage of Cost out a bag') as HTMLSelectElement).value).toBe('progress'),
    );
  });

  it('sends a file to the company by default, or to the client alone when chosen by keyboard', async () => {
    const calls = server((call) => {
      if (call.url === URL) return { status: 200, data: { data: page() } };
      if (call.url === `${URL}/files`) return { status: 201, data: { data: {} } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/clients/12');
    const choice = await screen.findByRole('group', { name: 'Send to' }, LOAD);
    const company = within(choice).getByRole('radio', { name: /^Bayside Coffee Roasters/ });
    const alone = within(choice).getByRole('radio', { name: /^Jonah Fischer alone/ });
    expect((company as HTMLInputElement).checked).toBe(true);
    const send = async () => {
      await user.upload(screen.getByLabelText('Choose files'), new File(['%PDF-1.4'], 'plan.pdf'));
      await user.click(screen.getByRole('button', { name: 'Send' }));
      await screen.findByText('File sent', {}, LOAD);
    };
    await send();
    const sent = () =>
      calls.filter((c) => c.url === `${URL}/files`).map((c) => (c.body as FormData).get('to'));
    expect(sent()).toEqual(['company']);

    company.focus();
    await user.keyboard('{ArrowDown}');
    expect((alone as HTMLInputElement).checked).toBe(true);
    await send();
    expect(sent()).toEqual(['company', 'client']);
  });

  it('names who sent each file as /resources does, sizes it the same way, and sends a client without a company files of their own', async () => {
    const file = (
      id: number,
      sender: { id: number; first_name: string; last_name: string },
      coach: boolean,
    ) => ({
      id,
      sending_id: id,
      sender,
      from_coach: coach,
      to: 'client' as const,
      description: '',
      name: `file-${id}.pdf`,
      size: 598,
      type: 'application/pdf',
      created_at: '2026-11-20T10:00:00.000Z',
    });
    const alone = page({
      client: { ...page().client, company: null },
      files: [
        file(1, { id: 12, first_name: 'Jonah', last_name: 'Fischer' }, false),
        file(2, { id: 7, first_name: 'Cora', last_name: 'Coach' }, true),
        file(3, { id: 40, first_name: 'Sam', last_name: 'Rivera' }, true),
      ],
    });
    const calls = server((call) => {
      if (call.url === URL) return { status: 200, data: { data: alone } };
      if (call.url === `${URL}/files`) return { status: 201, data: { data: {} } };
      return undefined;
    });
    renderPortal('/coach/clients/12');
    const section = await screen.findByRole('region', { name: 'Files' }, LOAD);
    const rows = within(section).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Sent by Jonah Fischer, for the client alone');
    expect(rows[1]).toHaveTextContent('Sent by you, for the client alone');
    expect(rows[2]).toHaveTextContent('From coach Sam Rivera, for the client alone');
    // One size rule on every screen: 598 bytes are 598 B, not rounded up to 1 KB.
    expect(rows[0]).toHaveTextContent('598 B');
    expect(section).not.toHaveTextContent('1 KB');
    // No company to choose: the files are the client's alone, and the form says so.
    expect(within(section).queryByRole('group', { name: 'Send to' })).toBeNull();
    expect(section).toHaveTextContent('Jonah Fischer has no company: the files are for them alone.');
    const user = userEvent.setup();
    await user.upload(within(section).getByLabelText('Choose files'), new File(['%PDF-1.4'], 'plan.pdf'));
    await user.click(within(section).getByRole('button', { name: 'Send' }));
    await screen.findByText('File sent', {}, LOAD);
    const sent = calls.filter((c) => c.url === `${URL}/files`).map((c) => (c.body as FormData).get('to'));
    expect(sent).toEqual(['client']);
  });
});

describe("the client's session credits", () => {
  it('shows what is left, when the next expire, and each grant with its reason', async () => {
    server((call) => {
      if (call.url === URL) return { status: 200, data: { data: page() } };
      if (call.url === `${URL}/credits`)
        return {
          status: 200,
          data: {
            data: {
              client_id: 12,
              available: 5,
              next_expiry: '2027-01-15T12:00:00.000Z',
              grants: [
                {
                  id: 1,
                  source: 'purchase',
                  quantity: 6,
                  used: 2,
                  meeting_type: null,
                  purchase_id: 3,
                  expires_at: '2027-01-15T12:00:00.000Z',
                  reason: null,
                  created_at: '2026-07-15T12:00:00.000Z',
                },
                {
                  id: 2,
                  source: 'adjustment',
                  quantity: 1,
                  used: 0,
                  meeting_type: null,
                  purchase_id: null,
                  expires_at: null,
                  reason: 'Missed session on us',
                  created_at: '2026-08-15T12:00:00.000Z',
                },
              ],
            },
          },
        };
      return undefined;
    });
    renderPortal('/coach/clients/12');
    const credits = await screen.findByRole('region', { name: 'Session credits' }, LOAD);
    expect(await within(credits).findByText(/credits left/, {}, LOAD)).toHaveTextContent(
      '5 credits left · the next expire on Jan 15, 2027',
    );
    expect(within(credits).getByText(/adjusted: Missed session on us, 0 used/)).toBeTruthy();
  });
});
