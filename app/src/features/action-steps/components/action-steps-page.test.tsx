import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsole } from '@/testing/console';
import { fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';

const item = (id: number, title: string, status: number) => ({
  id,
  title,
  description: '',
  status,
  due_date: null,
  updated_at: '2026-11-20T10:00:00.000Z',
});

const board = {
  action_steps: [item(1, 'Draft the forecast', 0), item(2, 'Raise prices', 2), item(3, 'Open an account', 3)],
  commitments: [item(11, 'Check the bank balance', 0), item(12, 'Send invoices', 1)],
};

/** The API of the /action-steps route; `status` answers the two status calls. */
function server(
  status: (
    call: FakeCall,
  ) => Promise<{ status: number; data?: unknown }> | { status: number; data?: unknown },
) {
  return fakeApi((call) => {
    switch (call.url) {
      case '/gapi':
        return gapiAnswer(call);
      case '/api/v1/impcoaching/steps/':
        return { status: 200, data: { data: board } };
      case '/api/v1/actionsteps/access':
        return { status: 200, data: { data: { access: 1 } } };
      case '/api/v1/clientportal/change/action/status':
      case '/api/v1/clientportal/commitments/update':
        return status(call);
      default:
        return { status: 200, data: { data: [] } };
    }
  });
}

const column = (board: string, stage: string) => screen.getByRole('region', { name: `${board}: ${stage}` });

beforeEach(() => {
  signInFresh();
});

describe('/action-steps board', () => {
  it('files each card in the column its code means (2 is in progress for action steps)', async () => {
    server(() => ({ status: 200 }));
    renderPortal('/action-steps');
    await screen.findByText('Draft the forecast');
    expect(within(column('Action steps', 'To do')).getByText('Draft the forecast')).toBeInTheDocument();
    expect(within(column('Action steps', 'In progress')).getByText('Raise prices')).toBeInTheDocument();
    expect(within(column('Action steps', 'Completed')).getByText('Open an account')).toBeInTheDocument();
    expect(within(column('Commitments', 'In progress')).getByText('Send invoices')).toBeInTheDocument();
  });

  it('moves an action step at once, sends code 1 and confirms with SPEC’s toast', async () => {
    let release!: () => void;
    const calls = server(
      ({ body }) =>
        new Promise((resolve) => {
          release = () =>
            resolve({ status: 200, data: { data: { ...board.action_steps[0], ...(body as object) } } });
        }),
    );
    const user = userEvent.setup();
    renderPortal('/action-steps');
    await user.click(await screen.findByRole('button', { name: 'Move to In progress: Draft the forecast' }));
    // Optimistic: in its new column before the API has answered.
    expect(within(column('Action steps', 'In progress')).getByText('Draft the forecast')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/clientportal/change/action/status')?.body).toEqual({
      id: 1,
      status: 1,
    });
    release();
    expect(await screen.findByText('Action Step is now in In progress stage')).toBeInTheDocument();
  });

  it('moves the card back when the API refuses, with the API’s message and no success toast', async () => {
    let refuse!: () => void;
    server(
      () =>
        new Promise((resolve) => {
          refuse = () =>
            resolve({ status: 422, data: { error: { status: ['The selected status is invalid.'] } } });
        }),
    );
    const user = userEvent.setup();
    renderPortal('/action-steps');
    await user.click(await screen.findByRole('button', { name: 'Move to Completed: Draft the forecast' }));
    expect(within(column('Action steps', 'Completed')).getByText('Draft the forecast')).toBeInTheDocument();
    refuse();
    expect(await screen.findByText('The selected status is invalid.')).toBeInTheDocument();
    expect(
      await within(column('Action steps', 'To do')).findByText('Draft the forecast'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Action Step is now in/)).not.toBeInTheDocument();
  });

  it("rolls a commitment back and shows 'Unable to update commitment' when the server fails silently (500)", async () => {
    server(() => ({ status: 500, data: { message: 'Something went wrong on our side.' } }));
    // A 500 is only logged (SPEC §8).
    expectConsole('error', /^API error POST \/api\/v1\/clientportal\/commitments\/update /);
    const user = userEvent.setup();
    renderPortal('/action-steps');
    await user.click(
      await screen.findByRole('button', { name: 'Move to Completed: Check the bank balance' }),
    );
    expect(await screen.findByText('Unable to update commitment')).toBeInTheDocument();
    expect(
      await within(column('Commitments', 'To do')).findByText('Check the bank balance'),
    ).toBeInTheDocument();
  });

  it('confirms a commitment move with SPEC’s toast and code 2 for completed', async () => {
    const calls = server(({ body }) => ({
      status: 200,
      data: { data: { ...board.commitments[1], ...(body as object) } },
    }));
    const user = userEvent.setup();
    renderPortal('/action-steps');
    await user.click(await screen.findByRole('button', { name: 'Move to Completed: Send invoices' }));
    expect(await screen.findByText('Commitment is now in Completed stage')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/clientportal/commitments/update')?.body).toEqual({
      id: 12,
      status: 2,
    });
  });
});
