import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal } from '@/testing/portal';
import type { GroupPageData } from '../api/get-group';

const LOAD = { timeout: 5000 };
const GROUP = '/api/v1/coach/groups/7';
const HANDOVER = `${GROUP}/handover`;

const page = (fields: Partial<GroupPageData> = {}): GroupPageData => ({
  id: 7,
  title: 'Pricing sprint',
  description: '',
  meets_on: '',
  start_date: null,
  end_date: null,
  price: 0,
  currency: 'usd',
  capacity: null,
  state: 'open',
  published_lessons: 0,
  lessons: [],
  members: [],
  candidates: [],
  colleagues: [{ id: 4, first_name: 'Rebecca', last_name: 'Stone' }],
  ...fields,
});

beforeEach(signInCoach);

describe('handing a group to a colleague', () => {
  it('asks first, then hands it over and goes back to the groups with the news', async () => {
    const calls = coachApi((call) => {
      if (call.url === GROUP) return { status: 200, data: { data: page() } };
      if (call.url === HANDOVER)
        return {
          status: 200,
          data: { data: { id: 7, coach: { id: 4, first_name: 'Rebecca', last_name: 'Stone' } } },
        };
      if (call.url === '/api/v1/coach/groups') return { status: 200, data: { data: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/groups/7');
    const section = await screen.findByRole('region', { name: 'Coach' }, LOAD);
    await user.click(within(section).getByRole('button', { name: 'Hand over' }));
    expect(await within(section).findByText('Choose the coach to hand the group to.')).toBeTruthy();
    await user.selectOptions(within(section).getByLabelText('Hand over to'), '4');
    await user.click(within(section).getByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hand over this group?' });
    expect(calls.filter((c) => c.url === HANDOVER)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('"Pricing sprint" is now Rebecca Stone\'s group', {}, LOAD)).toBeTruthy();
    expect(calls.filter((c) => c.url === HANDOVER).map((c) => c.body)).toEqual([{ coach_id: 4 }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' }, LOAD)).toBeTruthy();
  });

  it('shows why the API refused beside the choice, and stays on the group', async () => {
    const why =
      'Rebecca Stone does not coach Ana Ruiz: ask your admin to assign them first, or remove them from the group.';
    coachApi((call) => {
      if (call.url === GROUP) return { status: 200, data: { data: page() } };
      if (call.url === HANDOVER) return { status: 422, data: { error: { coach_id: [why] } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/groups/7');
    const section = await screen.findByRole('region', { name: 'Coach' }, LOAD);
    await user.selectOptions(within(section).getByLabelText('Hand over to'), '4');
    await user.click(within(section).getByRole('button', { name: 'Hand over' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Hand over' }),
    );
    expect(await within(section).findByText(why, {}, LOAD)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing sprint' })).toBeTruthy();
  });

  it('says so when no other coach could take the group', async () => {
    coachApi((call) =>
      call.url === GROUP ? { status: 200, data: { data: page({ colleagues: [] }) } } : undefined,
    );
    renderPortal('/coach/groups/7');
    expect(
      await screen.findByText(
        'You lead this group. No other coach of your business could take it over.',
        {},
        LOAD,
      ),
    ).toBeTruthy();
  });
});
