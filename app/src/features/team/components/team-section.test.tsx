import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsole } from '@/testing/console';
import { fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';

const members = [
  { id: 5, first_name: 'Sofia', last_name: 'Marquez', email: null, created_at: '2026-11-01T00:00:00Z' },
];
const task = {
  id: 9,
  title: 'Post the job ad',
  deadline: '2026-11-26T17:00:00.000Z',
  responsibility: '',
  file_name: null,
  status: 0,
  note: '',
  team_member_id: null,
  member: null,
  updated_at: '2026-11-20T10:00:00.000Z',
};

type Answer = { status: number; data?: unknown };

/** The /action-steps route's API, with `handle` answering the team calls it is given first. */
function server(handle: (call: FakeCall) => Answer | undefined = () => undefined) {
  return fakeApi((call) => {
    const answer = handle(call);
    if (answer) return answer;
    switch (call.url) {
      case '/gapi':
        return gapiAnswer(call);
      case '/api/v1/impcoaching/steps/':
        return { status: 200, data: { data: { action_steps: [], commitments: [] } } };
      case '/api/v1/actionsteps/access':
        return { status: 200, data: { data: { access: 1 } } };
      case '/api/v1/clientportal/team/members/':
        return { status: 200, data: { data: members } };
      case '/api/v1/tasks/client/':
        return { status: 200, data: { data: [task] } };
      default:
        return { status: 404, data: { message: 'Not found.' } };
    }
  });
}

beforeEach(() => {
  // apiUser's zone is America/Chicago.
  signInFresh();
});

const taskCard = async () =>
  (await screen.findByRole('heading', { name: 'Post the job ad' })).closest('li') as HTMLElement;

describe('team members and tasks', () => {
  it('adds a member with SPEC’s toast and clears the form', async () => {
    const calls = server(({ url, body }) =>
      url === '/api/v1/clientportal/team/add/'
        ? { status: 201, data: { data: { id: 6, email: null, created_at: '', ...(body as object) } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/action-steps');
    await user.type(await screen.findByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Ana Lopez has been successfully added to your team')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/clientportal/team/add/')?.body).toEqual({
      first_name: 'Ana',
      last_name: 'Lopez',
      email: null,
    });
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it('keeps what was typed when adding fails', async () => {
    server(({ url }) =>
      url === '/api/v1/clientportal/team/add/'
        ? { status: 422, data: { error: { email: ['Enter an email address like name@example.com.'] } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/action-steps');
    await user.type(await screen.findByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email (optional)'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email (optional)')).toHaveAccessibleDescription(
        'Enter an email address like name@example.com.',
      ),
    );
    expect(screen.getByLabelText('Email (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Email (optional)')).toHaveValue('ana@');
  });

  it('assigns a task: ‘{first} {last} has been assigned the task’', async () => {
    const calls = server(({ url }) =>
      url === '/api/v1/clientportal/team/member/assign/' ? { status: 200, data: { data: task } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/action-steps');
    const card = await taskCard();
    await user.selectOptions(within(card).getByLabelText('Assign to'), 'Sofia Marquez');
    await user.click(within(card).getByRole('button', { name: 'Assign: Post the job ad' }));
    expect(await screen.findByText('Sofia Marquez has been assigned the task')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/member/assign/'))?.body).toEqual({ task_id: 9, member_id: 5 });
  });

  it('changes a deadline, read in the user’s zone, and confirms it in SPEC’s date format', async () => {
    const calls = server(({ url, body }) =>
      url === '/api/v1/clientportal/team/task/change/deadline/'
        ? { status: 200, data: { data: { ...task, ...(body as object) } } }
        : url === '/api/v1/clientportal/team/task/get/deadline/'
          ? { status: 200, data: { data: { task_id: 9, deadline: task.deadline } } }
          : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/action-steps');
    const card = await taskCard();
    const input = within(card).getByLabelText('New deadline');
    await user.clear(input);
    await user.type(input, '2027-02-03T14:30');
    await user.click(within(card).getByRole('button', { name: 'Change deadline: Post the job ad' }));
    expect(
      await screen.findByText('Task deadline has been changed to 2:30 pm, Wednesday, February 3rd, 2027'),
    ).toBeInTheDocument();
    // 14:30 in Chicago (UTC-6 in February) is 20:30 UTC.
    expect(calls.find((c) => c.url.endsWith('/change/deadline/'))?.body).toEqual({
      task_id: 9,
      deadline: '2027-02-03T20:30:00.000Z',
    });
  });

  it("updates a task's status and note: 'Task has been updated'", async () => {
    const calls = server(({ url }) =>
      url === '/api/v1/tasks/status/' ? { status: 200, data: { data: task } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/action-steps');
    const card = await taskCard();
    await user.selectOptions(within(card).getByLabelText('Status'), 'Completed');
    await user.type(within(card).getByLabelText('Note'), 'Posted');
    await user.click(within(card).getByRole('button', { name: 'Update task: Post the job ad' }));
    expect(await screen.findByText('Task has been updated')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/tasks/status/')?.body).toEqual({
      task_id: 9,
      status: 2,
      note: 'Posted',
    });
  });

  it("shows the API's refusals beside the assignee, the deadline, the status and the note, keeping each", async () => {
    const refused = (field: string, sentence: string) => ({
      status: 422,
      data: { message: 'The given data was invalid.', error: { [field]: [sentence] } },
    });
    server(({ url }) => {
      if (url.endsWith('/member/assign/')) return refused('member_id', 'This team member has left.');
      if (url.endsWith('/change/deadline/')) return refused('deadline', 'Enter a date and time.');
      if (url === '/api/v1/tasks/status/') return refused('note', 'Must not contain control characters.');
      if (url.endsWith('/get/deadline/'))
        return { status: 200, data: { data: { task_id: 9, deadline: task.deadline } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/action-steps');
    const card = await taskCard();

    const member = within(card).getByLabelText('Assign to');
    await user.selectOptions(member, 'Sofia Marquez');
    await user.click(within(card).getByRole('button', { name: 'Assign: Post the job ad' }));
    await waitFor(() => expect(member).toHaveAccessibleDescription('This team member has left.'));
    expect(member).toHaveAttribute('aria-invalid', 'true');
    expect(member).toHaveValue('5');

    const deadline = within(card).getByLabelText('New deadline');
    await user.clear(deadline);
    await user.type(deadline, '2027-02-03T14:30');
    await user.click(within(card).getByRole('button', { name: 'Change deadline: Post the job ad' }));
    await waitFor(() => expect(deadline).toHaveAccessibleDescription('Enter a date and time.'));
    expect(deadline).toHaveAttribute('aria-invalid', 'true');
    expect(deadline).toHaveValue('2027-02-03T14:30');

    const note = within(card).getByLabelText('Note');
    await user.type(note, 'Posted');
    await user.click(within(card).getByRole('button', { name: 'Update task: Post the job ad' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription('Must not contain control characters.'));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByLabelText('Status')).not.toHaveAttribute('aria-invalid');
    expect(note).toHaveValue('Posted');
    // Each said once, beside its control: no toast repeats it.
    expect(screen.getAllByText(/has left|Enter a date and time|control characters/)).toHaveLength(3);
  });

  it("shares the list by email, with 'Unable to send email' when the server fails silently", async () => {
    server(({ url }) =>
      url === '/api/v1/coachingportal/task/share/' ? { status: 500, data: {} } : undefined,
    );
    // A 500 is only logged (SPEC §8).
    expectConsole('error', /^API error POST \/api\/v1\/coachingportal\/task\/share\/ /);
    const user = userEvent.setup();
    renderPortal('/action-steps');
    const email = await screen.findByLabelText('Email address');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'partner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Unable to send email')).toBeInTheDocument();
    expect(email).toHaveValue('partner@example.com');
  });
});
