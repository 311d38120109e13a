import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal, type FakeCall } from '@/testing/portal';
import type { MeetingType } from '../api/get-meeting-types';
import { intro } from './booking-fixtures';

const workshop: MeetingType = {
  ...intro,
  id: 4,
  name: 'Workshop',
  duration_minutes: 120,
  description: '',
  location: 'place',
  place: 'Studio 2',
  audience: 'group',
  group_id: 9,
  notice_hours: 48,
  effective_notice_hours: 48,
};
const old: MeetingType = { ...intro, id: 5, name: 'Old review', active: false };
const group = {
  id: 9,
  title: 'Pricing sprint',
  description: '',
  meets_on: '',
  start_date: null,
  end_date: null,
  price: 0,
  currency: 'usd',
  capacity: null,
  state: 'open',
  members: 4,
  lessons: 2,
};

const form = (id: number, title: string, more: { tenant_wide?: boolean; archived?: boolean } = {}) => ({
  id,
  title,
  tenant_wide: false,
  intake: false,
  archived: false,
  version: 1,
  layout: { sections: [] },
  updated_at: '2026-11-01T09:00:00.000Z',
  ...more,
});
const forms = [
  form(21, 'Before our session'),
  form(22, 'Session prep', { tenant_wide: true }),
  form(23, 'Old check-in', { archived: true }),
];

function server(route: (call: FakeCall) => { status: number; data?: unknown } | undefined = () => undefined) {
  return coachApi((call) => {
    const answer = route(call);
    if (answer) return answer;
    if (call.url === '/api/v1/coach/meeting-types' && call.method === 'GET')
      return { status: 200, data: { data: [intro, workshop, old] } };
    if (call.url === '/api/v1/coach/groups') return { status: 200, data: { data: [group] } };
    if (call.url === '/api/v1/forms/library') return { status: 200, data: { data: forms } };
    return undefined;
  });
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

beforeEach(signInCoach);

describe('/coach/meeting-types', () => {
  it('lists each type with its length, place, who may book and the notice; archived ones apart', async () => {
    server();
    renderPortal('/coach/meeting-types');
    expect(await card('Intro call')).toHaveTextContent(
      '30 minutes · Video room · All your clients · Move or cancel up to 24 hours before',
    );
    await waitFor(async () =>
      expect(await card('Workshop')).toHaveTextContent(
        '120 minutes · At Studio 2 · Members of Pricing sprint · Move or cancel up to 48 hours before',
      ),
    );
    const archived = screen.getByRole('list', { name: 'Archived meeting types' });
    expect(within(archived).getByRole('heading', { name: 'Old review' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Meeting types' })).queryByText('Old review')).toBeNull();
  });

  it("adds a type for a group, with the tenant's notice as the override's help", async () => {
    const calls = server((call) =>
      call.method === 'POST' ? { status: 201, data: { data: { ...workshop, id: 6 } } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/coach/meeting-types');
    await user.click(await screen.findByRole('button', { name: 'New meeting type' }));
    const form = screen.getByRole('form', { name: 'New meeting type' });
    expect(within(form).getByText(/Leave it empty for your organisation's 24 hours/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Group clinic');
    const length = within(form).getByLabelText('Length (minutes)');
    await user.clear(length);
    await user.type(length, '45');
    await user.click(within(form).getByRole('radio', { name: 'A place' }));
    await user.type(within(form).getByLabelText('Place'), 'Studio 2');
    await user.click(within(form).getByRole('radio', { name: 'Members of a group' }));
    await user.selectOptions(await within(form).findByLabelText('Group'), 'Pricing sprint');
    await user.click(within(form).getByRole('button', { name: 'Add meeting type' }));
    expect(await screen.findByText('The meeting type is added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url !== '/gapi')!.body).toEqual({
      name: 'Group clinic',
      duration_minutes: 45,
      description: '',
      location: 'place',
      place: 'Studio 2',
      audience: 'group',
      group_id: 9,
      flag: null,
      notice_hours: null,
      prep_form_id: null,
    });
    expect(screen.queryByRole('form', { name: 'New meeting type' })).toBeNull();
  });

  it("edits a type; the API's refusal shows at its field and keeps what was typed", async () => {
    const calls = server((call) =>
      call.method === 'PATCH'
        ? {
            status: 422,
            data: { message: 'Check the type.', error: { notice_hours: ['Enter a number of at most 720.'] } },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/coach/meeting-types');
    await user.click(await screen.findByRole('button', { name: 'Edit Intro call' }));
    const form = screen.getByRole('form', { name: 'Change "Intro call"' });
    await user.click(within(form).getByRole('radio', { name: 'Clients with a training' }));
    await user.selectOptions(within(form).getByLabelText('Training'), 'Booking');
    const notice = within(form).getByLabelText('Notice to move or cancel (hours)');
    await user.type(notice, '900');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Enter a number of at most 720.')).toBeInTheDocument();
    expect(notice).toHaveValue(900);
    expect(notice).toHaveFocus();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/v1/coach/meeting-types/3');
    expect(patch.body).toMatchObject({
      audience: 'flag',
      flag: 'booking',
      group_id: null,
      notice_hours: 900,
    });
  });

  it('chooses the prep form among the active forms, None first; the API’s refusal shows beside it', async () => {
    const calls = server((call) =>
      call.method === 'PATCH'
        ? {
            status: 422,
            data: {
              message: 'Check the type.',
              error: { prep_form_id: ["Choose one of your forms or your business's, not an archived one."] },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/coach/meeting-types');
    await user.click(await screen.findByRole('button', { name: 'Edit Intro call' }));
    const form = screen.getByRole('form', { name: 'Change "Intro call"' });
    const prep = within(form).getByLabelText('Prep form');
    expect(prep).toHaveAccessibleDescription(
      'Sent to the client when they book; they fill it before the meeting.',
    );
    await waitFor(() => expect(prep).toBeEnabled());
    expect(
      within(prep)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Before our session', "Session prep (your business's)"]);
    expect(prep).toHaveValue('');
    await user.selectOptions(prep, "Session prep (your business's)");
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(form).findByText("Choose one of your forms or your business's, not an archived one."),
    ).toBeInTheDocument();
    expect(prep).toHaveValue('22');
    expect(prep).toHaveFocus();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ prep_form_id: 22 });
  });

  it('keeps an archived prep form listed for the type that sends it, and None sends null', async () => {
    const calls = server((call) => {
      if (call.method === 'GET' && call.url === '/api/v1/coach/meeting-types')
        return { status: 200, data: { data: [{ ...intro, prep_form_id: 23 }] } };
      if (call.method === 'PATCH') return { status: 200, data: { data: intro } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/meeting-types');
    await user.click(await screen.findByRole('button', { name: 'Edit Intro call' }));
    const prep = screen.getByLabelText('Prep form');
    await waitFor(() => expect(prep).toHaveValue('23'));
    expect(within(prep).getByRole('option', { name: 'Old check-in (archived)' })).toBeInTheDocument();
    await user.selectOptions(prep, 'None');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The meeting type is saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ prep_form_id: null });
  });

  it('asks for what is missing before sending', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderPortal('/coach/meeting-types');
    await user.click(await screen.findByRole('button', { name: 'New meeting type' }));
    const form = screen.getByRole('form', { name: 'New meeting type' });
    await user.click(within(form).getByRole('radio', { name: 'Members of a group' }));
    await user.click(within(form).getByRole('button', { name: 'Add meeting type' }));
    expect(await within(form).findByText('Give the type a name.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the group.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(calls.some((c) => c.url === '/api/v1/coach/meeting-types' && c.method === 'POST')).toBe(false);
  });

  it('archives after a confirmation, and offers an archived type again', async () => {
    const calls = server((call) => {
      if (call.method === 'DELETE') return { status: 200, data: { data: { ...intro, active: false } } };
      if (call.method === 'PATCH') return { status: 200, data: { data: { ...old, active: true } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/meeting-types');
    await user.click(await screen.findByRole('button', { name: 'Archive Intro call' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Archive this meeting type?' });
    expect(within(dialog).getByRole('button', { name: 'Keep offering it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('"Intro call" is archived.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Offer Old review again' }));
    expect(await screen.findByText('"Old review" can be booked again.')).toBeInTheDocument();
    expect(
      calls.filter((c) => ['DELETE', 'PATCH'].includes(c.method)).map((c) => [c.method, c.url, c.body]),
    ).toEqual([
      ['DELETE', '/api/v1/coach/meeting-types/3', undefined],
      ['PATCH', '/api/v1/coach/meeting-types/5', { active: true }],
    ]);
  });
});
