import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal } from '@/testing/portal';
import type { GroupProgress } from '../api/get-progress';

const LOAD = { timeout: 5000 };
const URL = '/api/v1/coach/groups/7/progress';

const figures: GroupProgress = {
  group: { id: 7, title: 'Profit Accelerator' },
  steps: 5,
  lessons: [
    {
      lesson: { id: 1, title: 'Know your numbers' },
      checklist: 3,
      watched: 1,
      ticked: 5,
      checked: 3,
      completed: 1,
    },
    {
      lesson: { id: 2, title: 'Pricing for profit' },
      checklist: 0,
      watched: 0,
      ticked: 0,
      checked: 0,
      completed: 0,
    },
  ],
  members: [
    {
      member: { id: 3, first_name: 'Rachel', last_name: 'Kowalski' },
      cells: [
        { watched: true, ticked: 5, checked: 3, completed: true },
        { watched: false, ticked: 0, checked: 0, completed: false },
      ],
      watched: 1,
      ticked: 5,
      checked: 3,
      completed: 1,
    },
  ],
};

beforeEach(signInCoach);

describe("a group's progress", () => {
  it('shows each member’s lessons with the totals', async () => {
    coachApi((call) => (call.url === URL ? { status: 200, data: { data: figures } } : undefined));
    renderPortal('/coach/groups/7/progress');
    const row = await screen.findByRole('row', { name: /Rachel Kowalski/ }, LOAD);
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Watched, 5 of 5 steps, 3 of 3 checklist items, completed',
      'Not started',
      '1 watched, 5 steps ticked, 3 checklist items ticked, 1 completed',
    ]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('says when there is nothing to show yet', async () => {
    coachApi((call) =>
      call.url === URL ? { status: 200, data: { data: { ...figures, members: [] } } } : undefined,
    );
    renderPortal('/coach/groups/7/progress');
    expect(
      await screen.findByText(
        'No progress to show yet: the group needs lessons and members of yours.',
        {},
        LOAD,
      ),
    ).toBeTruthy();
  });

  it('shows a group that is not the coach’s as could not be loaded', async () => {
    coachApi((call) =>
      call.url === URL ? { status: 404, data: { message: 'Group not found.' } } : undefined,
    );
    renderPortal('/coach/groups/7/progress');
    expect(
      await screen.findByText(/The group's progress could not be loaded: Group not found/, {}, LOAD),
    ).toBeTruthy();
  });
});
