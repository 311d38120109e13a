import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal } from '@/testing/portal';
import type { GroupPageData } from '../api/get-group';

const LOAD = { timeout: 5000 };
const GROUP = '/api/v1/coach/groups/7';
const SEND = `${GROUP}/forms`;

const member = (id: number, first_name: string) => ({
  user_group_id: id,
  id,
  first_name,
  last_name: 'Ruiz',
  email: `${first_name.toLowerCase()}@demo.test`,
  status: 'active',
  completed_lessons: 0,
  payment: 'free' as const,
});

const page: GroupPageData = {
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
  members: [member(1, 'Ana'), member(2, 'Ben'), member(3, 'Cleo')],
  candidates: [],
  colleagues: [],
};

const form = (id: number, title: string, archived = false) => ({
  id,
  title,
  tenant_wide: false,
  intake: false,
  archived,
  version: 1,
  updated_at: '2026-11-20T10:00:00.000Z',
  layout: { sections: [{ title: '', questions: [] }] },
});

beforeEach(signInCoach);

describe("the group page's Send a form", () => {
  it('offers the forms not archived, sends one to the group and says who was skipped', async () => {
    const calls = coachApi((call) => {
      if (call.url === GROUP) return { status: 200, data: { data: page } };
      if (call.url === '/api/v1/forms/library')
        return { status: 200, data: { data: [form(4, 'Check-in'), form(5, 'Old intake', true)] } };
      if (call.url === SEND) return { status: 200, data: { data: { sent: 2, skipped: 1 } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/groups/7');
    const section = await screen.findByRole('region', { name: 'Forms' }, LOAD);
    expect(within(section).getByText(/Each of the 3 members gets their own copy/)).toBeTruthy();
    const picker = within(section).getByLabelText('Form');
    await within(section).findByRole('option', { name: 'Check-in' }, LOAD);
    expect(within(section).queryByRole('option', { name: 'Old intake' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Send form' }));
    expect(await within(section).findByText('Choose a form to send.')).toBeTruthy();
    await user.selectOptions(picker, '4');
    await user.click(within(section).getByRole('button', { name: 'Send form' }));
    expect(
      await screen.findByText('Sent to 2 members; 1 member still had it to fill', {}, LOAD),
    ).toBeTruthy();
    expect(calls.filter((c) => c.url === SEND).map((c) => c.body)).toEqual([{ form_id: 4, due_on: null }]);
    expect(picker).toHaveValue('');
  });
});
