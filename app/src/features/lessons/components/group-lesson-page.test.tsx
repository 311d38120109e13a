import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';

const lesson = {
  id: 3,
  title: 'Know your numbers',
  short_desc: 'The five figures.',
  full_desc: '<p>Before we grow profit <strong>we see it</strong>.</p><script>window.hacked = 1</script>',
  lesson_video: null,
  quiz_url: 'https://quiz.example.com/numbers',
  lesson_length: 45,
  context_title: 'Profit Accelerator',
  resources: [
    {
      id: 2,
      title: 'P&L guide',
      url: 'https://docs.example.com/pl',
      order: 2,
      type: { id: 2, name: 'Reading', owner: 'coach' },
    },
    {
      id: 1,
      title: 'Worksheet',
      url: 'https://docs.example.com/ws',
      order: 1,
      type: { id: 1, name: 'Worksheet', owner: 'coach' },
    },
    {
      id: 3,
      title: 'Bad link',
      url: 'javascript:alert(1)',
      order: 3,
      type: { id: 1, name: 'Worksheet', owner: 'coach' },
    },
  ],
  previous_lesson: null,
  next_lesson: { id: 4, title: 'Pricing for profit' },
  checklist: [],
};

const saved = {
  lesson_id: 3,
  user_group_id: 2,
  profit_impact: '',
  pre_meeting: true,
  attend_meeting: false,
  meeting_worksheet: false,
  taken_quiz: false,
  post_meeting: false,
  notes: '',
};

const group = {
  id: 1,
  user_group_id: 2,
  title: 'Profit Accelerator',
  description: 'Twelve weeks.',
  group_img: null,
  intro_video: null,
  meets_on: 'Tuesdays',
  schedule: '',
  group_start_date: null,
  group_end_date: null,
  status: 'active',
  group_type: 'free',
  price: 0,
  currency: 'usd',
  coach_name: null,
  membership_status: 'active',
  paid: false,
  total_lessons: 1,
  progress: { completed_lessons: 0, steps_done: 1, total_steps: 5 },
};

const analyticsCalls = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/v1/training-analytics/');

function routes(sends: { status: number }[], userlesson: object = lesson) {
  return fakeApi((call) => {
    if (call.url === '/api/v1/training-analytics/') {
      const answer = sends.shift() ?? { status: 200 };
      return answer.status === 200
        ? { status: 200, data: { data: { applied: 1, ignored: 0, analytics: [] } } }
        : { status: answer.status, data: { message: 'Service unavailable.' } };
    }
    if (call.url === '/api/v1/lessons/recording/') return { status: 200, data: { data: [] } };
    return gapiAnswer(call, {
      userlesson,
      analyticsSearch: saved,
      usergroup: { group, lessons: [] },
    });
  });
}

beforeEach(() => {
  signInFresh();
  // Only the batcher's interval is faked: Testing Library's waits keep real timeouts.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/groups/:groupid/:usergroupid/lesson/:lessonid', () => {
  // GraphQL refusals come with the REST status (api/src/graphql/answer.ts).
  const refusing = (status: number, message: string) =>
    fakeApi((call) =>
      /userlesson/.test(String((call.body as { query?: string }).query))
        ? { status, data: { data: null, errors: [{ message, extensions: { code: 'FORBIDDEN' } }] } }
        : gapiAnswer(call, { analyticsSearch: saved, usergroup: { group, lessons: [] } }),
    );

  it('a locked lesson opened by URL says it is locked and why, not that it could not be loaded', async () => {
    const reason = 'This lesson opens once the group is paid for.';
    refusing(403, reason);
    renderPortal('/groups/1/2/lesson/3');
    expect(await screen.findByRole('heading', { name: 'This lesson is locked' })).toBeInTheDocument();
    expect(screen.getAllByText(reason)).toHaveLength(1);
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Back to the group/ })[0]).toHaveAttribute(
      'href',
      '/groups/1/2',
    );
  });

  it('a lesson that is not in the group says it was not found', async () => {
    refusing(404, 'Lesson not found.');
    renderPortal('/groups/1/2/lesson/99');
    expect(await screen.findByRole('heading', { name: 'Lesson not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  // DOMPurify does not support happy-dom: the shared policy (lib/html-sanitizer) is checked in Chromium by
  // e2e/mail-body.test.ts.
  it('shows the lesson: its description, quiz link, resources by type and order', async () => {
    routes([]);
    renderPortal('/groups/1/2/lesson/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Know your numbers' })).toBeInTheDocument();
    expect(screen.getByText('we see it').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: /Take the quiz/ })).toHaveAttribute(
      'href',
      'https://quiz.example.com/numbers',
    );
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Worksheet · coach', 'Reading · coach']);
    const resources = screen.getByRole('region', { name: 'Resources' });
    const links = within(resources)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(links).toEqual(['Worksheet', 'Bad link', 'P&L guide']);
    expect(screen.queryByRole('link', { name: 'Bad link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next: Pricing for profit →' })).toHaveAttribute(
      'href',
      '/groups/1/2/lesson/4',
    );
    expect(await screen.findByRole('checkbox', { name: 'I prepared for the meeting' })).toBeChecked();
  });

  it('sends changes every 5000 ms only, and resends a failed batch once it succeeds, without duplicates', async () => {
    const calls = routes([{ status: 503 }]);
    renderPortal('/groups/1/2/lesson/3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'I took the quiz' }));
    await user.type(screen.getByRole('textbox', { name: /Profit impact/ }), '$2k');
    await user.click(screen.getByRole('checkbox', { name: 'I took the quiz' }));
    await user.click(screen.getByRole('checkbox', { name: 'I took the quiz' }));

    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(analyticsCalls(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(analyticsCalls(calls)).toHaveLength(1);
    const first = analyticsCalls(calls)[0]!.body as {
      user_id: number;
      data: { field: string; value: unknown }[];
    };
    expect(first.user_id).toBe(apiUser().id);
    expect(first.data.map((c) => [c.field, c.value])).toEqual([
      ['taken_quiz', true],
      ['profit_impact', '$2k'],
    ]);
    await screen.findByText('Changes are saved every few seconds.');

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(analyticsCalls(calls)).toHaveLength(2);
    expect(analyticsCalls(calls)[1]!.body).toEqual(first);
    await screen.findByText('All changes saved.');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(analyticsCalls(calls)).toHaveLength(2);
  });

  it('sends what is pending with keepalive as soon as the page is left', async () => {
    const calls = routes([]);
    renderPortal('/groups/1/2/lesson/3');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Notes' }), 'Ask about margins');
    await user.click(screen.getByRole('link', { name: '← Back to the group' }));
    await screen.findByRole('heading', { level: 1, name: 'Profit Accelerator' });

    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(1));
    const [sent] = analyticsCalls(calls);
    expect(sent).toMatchObject({ method: 'POST', keepalive: true });
    expect(sent!.headers.Authorization).toMatch(/^Bearer /);
    const body = sent!.body as { data: { field: string; value: unknown }[] };
    expect(body.data.map((c) => [c.field, c.value])).toEqual([['notes', 'Ask about margins']]);
    // Sent once: no timer send follows on the group page.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(analyticsCalls(calls)).toHaveLength(1);
  });

  it('shows the coach’s checklist under the steps with the member’s ticks, and batches a tick with its item', async () => {
    const checklist = [
      { id: 7, text: 'Bring last month’s invoices', ticked: true },
      { id: 8, text: 'Mark your best sellers', ticked: false },
    ];
    const calls = routes([], { ...lesson, checklist });
    renderPortal('/groups/1/2/lesson/3');
    const card = await screen.findByRole('region', { name: 'Your coach’s checklist' });
    expect(within(card).getByRole('checkbox', { name: 'Bring last month’s invoices' })).toBeChecked();
    expect(
      within(card).getByText(/^1 of 2 done\. The lesson is complete when its steps and every item/),
    ).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('checkbox', { name: 'Mark your best sellers' }));
    expect(within(card).getByRole('checkbox', { name: 'Mark your best sellers' })).toBeChecked();
    expect(within(card).getByText(/^2 of 2 done/)).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    const body = analyticsCalls(calls)[0]!.body as { data: Record<string, unknown>[] };
    expect(body.data).toEqual([
      expect.objectContaining({
        lesson_id: 3,
        user_group_id: 2,
        field: 'checklist',
        item_id: 8,
        value: true,
      }),
    ]);
    await screen.findByText('All changes saved.');
  });

  it('shows no checklist for a lesson without one', async () => {
    routes([]);
    renderPortal('/groups/1/2/lesson/3');
    await screen.findByRole('checkbox', { name: 'I prepared for the meeting' });
    expect(screen.queryByRole('region', { name: 'Your coach’s checklist' })).toBeNull();
  });
});
