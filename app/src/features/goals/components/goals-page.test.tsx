import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, gapiAnswer, renderPortal, signInFresh, type FakeCall } from '@/testing/portal';

const goal = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  client_id: 1,
  by_client: true,
  title,
  why: '',
  target_date: '2027-03-31',
  status: 'open',
  completed_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  progress: 50,
  milestones: [
    { id: 1, title: 'Agree the pay range', done: true },
    { id: 2, title: 'Post the job ad', done: false },
  ],
  action_steps: [],
  ...extra,
});

function serve() {
  let goals = [goal(3, 'Hire a supervisor')];
  const sent: FakeCall[] = [];
  fakeApi((call) => {
    if (call.url.startsWith('/api/v1/goals') && call.method.toUpperCase() === 'POST') sent.push(call);
    if (call.url === '/api/v1/goals' && call.method.toUpperCase() === 'GET')
      return { status: 200, data: { data: goals } };
    if (call.url === '/api/v1/goals') {
      const added = goal(4, (call.body as { title: string }).title, { progress: 0, milestones: [] });
      goals = [...goals, added];
      return { status: 201, data: { data: added } };
    }
    if (call.url === '/api/v1/goals/3/steps') {
      goals = [
        goal(3, 'Hire a supervisor', {
          action_steps: [{ id: 7, title: 'Write the job ad', status: 0, due_date: null }],
        }),
      ];
      return { status: 200, data: { data: goals[0] } };
    }
    if (call.url === '/api/v1/impcoaching/steps/')
      return {
        status: 200,
        data: {
          data: {
            action_steps: [
              {
                id: 7,
                title: 'Write the job ad',
                description: '',
                status: 0,
                due_date: null,
                updated_at: '2026-11-20T10:00:00.000Z',
              },
            ],
            commitments: [],
          },
        },
      };
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
  return sent;
}

beforeEach(() => {
  signInFresh();
});

describe('/goals', () => {
  it('shows each goal with its progress and milestones, links a step and adds a goal', async () => {
    const sent = serve();
    renderPortal('/goals');
    const card = (await screen.findByRole('heading', { name: 'Hire a supervisor' })).closest('li')!;
    expect(within(card).getByRole('progressbar', { name: 'Progress of Hire a supervisor' })).toHaveAttribute(
      'value',
      '50',
    );
    expect(within(card).getByRole('checkbox', { name: 'Agree the pay range' })).toBeChecked();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Link step' }));
    expect(
      await within(card).findByRole('button', { name: 'Unlink Write the job ad from Hire a supervisor' }),
    ).toBeInTheDocument();
    expect(sent.map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/goals/3/steps', { step_id: 7, linked: true }],
    ]);

    // A goal without a title is refused beside its field; nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Add goal' }));
    expect(await screen.findByText('Name the goal.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await user.type(screen.getByLabelText('Goal'), 'Open on Sundays');
    await user.click(screen.getByRole('button', { name: 'Add goal' }));
    expect(await screen.findByRole('heading', { name: 'Open on Sundays' })).toBeInTheDocument();
    expect(sent[1]!.body).toEqual({ title: 'Open on Sundays', why: '', target_date: null });
  });
});
