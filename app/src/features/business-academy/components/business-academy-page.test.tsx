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
        steps_done: 5,
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
  it('lists the lessons by module in order, with progress, linking to the lesson page', async () => {
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
    expect(within(items[0]!).getByText('30 min · 5 of 5 steps')).toBeInTheDocument();
    expect(within(module).getByRole('link', { name: 'Writing an offer' })).toHaveAttribute(
      'href',
      '/business-academy/lesson/7',
    );
    expect(screen.getByRole('progressbar', { name: 'Your progress in the academy' })).toHaveAttribute(
      'value',
      '50',
    );
  });

  it('without the business_academy flag says why, for the lesson pages too', async () => {
    signIn(false);
    const calls = fakeApi((call) => gapiAnswer(call, { group: [] }));
    renderPortal('/business-academy/lesson/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: "The Business Academy isn't part of your plan" }),
    ).toBeInTheDocument();
    expect(calls.some((c) => /userlesson|academy\(/.test(String((c.body as { query?: string }).query)))).toBe(
      false,
    );
  });
});
