import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer, renderPortal } from '@/testing/portal';

const academy = [
  {
    id: 1,
    title: 'Foundations',
    description: 'Where the business is going.',
    lessons: [
      {
        lesson_order: 1,
        lesson_length: 30,
        steps_done: 2,
        lesson: { id: 6, title: 'Setting a vision', short_desc: '' },
      },
      {
        lesson_order: 2,
        lesson_length: 30,
        steps_done: 0,
        lesson: { id: 7, title: 'Writing an offer', short_desc: '' },
      },
    ],
  },
];

const signIn = (business_academy: boolean) =>
  sessionStore.signIn(
    apiUser({ trainings: { group_coaching: true, flash_coaching: false, business_academy } }),
  );

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
});

describe('/business-academy', () => {
  it('lists the lessons by module in order, with progress out of their own steps, linking to the lesson page', async () => {
    signIn(true);
    fakeApi((call) => gapiAnswer(call, { academy, group: [] }));
    renderPortal('/business-academy');
    const module = (await screen.findByRole('heading', { level: 2, name: 'Foundations' })).closest(
      'section',
    )!;
    const items = within(module).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Setting a vision',
      'Writing an offer',
    ]);
    expect(within(items[0]!).getByText('30 min · 2 of 2 steps')).toBeInTheDocument();
    expect(within(module).getByRole('link', { name: 'Writing an offer' })).toHaveAttribute(
      'href',
      '/business-academy/lesson/7',
    );
    expect(screen.getByRole('progressbar', { name: 'Your progress in the academy' })).toHaveAttribute(
      'value',
      '50',
    );
  });

  it('offers a self-paced lesson its own steps, none about a meeting', async () => {
    signIn(true);
    fakeApi((call) =>
      gapiAnswer(call, {
        academy,
        userlesson: {
          id: 6,
          title: 'Setting a vision',
          short_desc: '',
          full_desc: '<p>Three years from now.</p>',
          lesson_video: null,
          quiz_url: null,
          lesson_length: 30,
          context_title: 'Foundations',
          resources: [],
          previous_lesson: null,
          next_lesson: null,
          checklist: [],
        },
        analyticsSearch: {
          lesson_id: 6,
          user_group_id: null,
          profit_impact: '',
          pre_meeting: false,
          attend_meeting: false,
          meeting_worksheet: true,
          taken_quiz: false,
          post_meeting: false,
          notes: '',
        },
      }),
    );
    renderPortal('/business-academy/lesson/6');
    const steps = await screen.findByRole('group', { name: 'Lesson steps' });
    expect(
      within(steps)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent?.trim()),
    ).toEqual(['I did the worksheet', 'I took the quiz']);
    expect(within(steps).getByRole('checkbox', { name: 'I did the worksheet' })).toBeChecked();
    expect(screen.queryByText(/meeting/i)).toBeNull();
  });

  it('without the business_academy flag says why, for the lesson pages too', async () => {
    signIn(false);
    const calls = fakeApi((call) => gapiAnswer(call, { group: [] }));
    renderPortal('/business-academy/lesson/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: "The Business Academy isn't part of your plan" }),
    ).toBeInTheDocument();
    expect(
      calls.some((c) =>
        /userlesson|academy\(/.test(String((c.body as { query?: string } | undefined)?.query)),
      ),
    ).toBe(false);
  });
});
