import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';
import { flashAnalytics } from '../api/send-flash-analytics';

const lessonList = [
  {
    assessment_id: 7,
    assessment_title: 'Autumn assessment',
    access: 1,
    lesson: { id: 21, title: 'Pricing for Profit', slug: 'p', short_desc: 'Raise prices.', lesson_img: null },
  },
  {
    assessment_id: 7,
    assessment_title: 'Autumn assessment',
    access: 0,
    lesson: { id: 22, title: 'Cash Flow Forecast', slug: 'c', short_desc: '', lesson_img: null },
  },
];

const lesson = {
  assessment_id: 7,
  assessment_title: 'Autumn assessment',
  lesson: {
    id: 21,
    title: 'Pricing for Profit',
    slug: 'p',
    short_desc: 'Raise prices.',
    full_desc: '<p>Review <strong>prices</strong></p>',
    lesson_img: null,
    lesson_video: null,
    quiz_url: 'https://forms.example.com/q',
    resources: [],
  },
  analytics: {
    assessment_id: 7,
    lesson_id: 21,
    taken_quiz: false,
    profit_impact: '',
    notes: '',
    updated_at: null,
  },
};

type Answer = { status: number; data?: unknown } | undefined;

function server(handle: (call: FakeCall) => Answer = () => undefined) {
  return fakeApi((call) => {
    const answer = handle(call);
    if (answer) return answer;
    if (call.url === '/api/v1/flashcoaching/lessons') return { status: 200, data: { data: lessonList } };
    if (call.url === '/api/v1/flashcoaching/lessons/7/21') return { status: 200, data: { data: lesson } };
    if (call.url === '/api/v1/flashcoaching/lessons/7/22')
      return { status: 403, data: { message: 'This lesson is not open to you yet.' } };
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
}

const sends = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/v1/flashcoaching');

const flashUser = () =>
  apiUser({ trainings: { group_coaching: false, flash_coaching: true, business_academy: false } });

beforeEach(() => {
  signInFresh(flashUser());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/lessons', () => {
  it('lists open lessons as links and locked ones without', async () => {
    server();
    renderPortal('/lessons');
    const section = await screen.findByRole('region', { name: 'Autumn assessment' });
    expect(within(section).getByRole('link', { name: 'Pricing for Profit' })).toHaveAttribute(
      'href',
      '/lessons/7/21',
    );
    expect(within(section).queryByRole('link', { name: /Cash Flow Forecast/ })).toBeNull();
    expect(within(section).getByText('Locked')).toBeInTheDocument();
  });

  it('without the flash_coaching flag says it is not in the plan, and asks the API nothing', async () => {
    sessionStore.signIn(
      apiUser({ trainings: { group_coaching: false, flash_coaching: false, business_academy: false } }),
    );
    const calls = server();
    const { router } = renderPortal('/lessons/7/21');
    expect(
      await screen.findByRole('heading', { name: "Flash coaching isn't part of your plan", level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/lessons/7/21');
    expect(calls.some((c) => c.url.startsWith('/api/v1/flashcoaching'))).toBe(false);
  });

  it('shows the API’s reason for a locked lesson', async () => {
    server();
    renderPortal('/lessons/7/22');
    expect(await screen.findByRole('heading', { name: 'This lesson is locked' })).toBeInTheDocument();
    expect(screen.getByText('This lesson is not open to you yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Lessons' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // Said once on the page, not in a toast as well.
    expect(screen.getAllByText('This lesson is not open to you yet.')).toHaveLength(1);
  });
});

describe('/lessons/{assessmentid}/{lessonid}', () => {
  it('sends changes every 5 s, keeps them across a failed send without duplicates, and sends on leave', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const calls = server((call) => {
      if (call.url !== '/api/v1/flashcoaching') return undefined;
      if (fail) return { status: 503, data: { message: 'Down for a minute.' } };
      return {
        status: 200,
        data: { data: [{ ...lesson.analytics, notes: 'Raise fees', taken_quiz: true }] },
      };
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPortal('/lessons/7/21');
    expect(await screen.findByRole('heading', { name: 'Pricing for Profit', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I took the quiz' }));
    await user.type(screen.getByLabelText('Notes'), 'Raise fees');
    expect(sends(calls)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(sends(calls)).toHaveLength(1);
    expect(flashAnalytics.unsent()).toHaveLength(2);

    fail = false;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    const [failed, ok] = sends(calls);
    const body = ok!.body as { user_id: number; data: { field: string; value: unknown }[] };
    expect(body.user_id).toBe(apiUser().id);
    // One change per field, the latest value: the failed batch was kept, not doubled.
    expect(body.data.map((c) => [c.field, c.value])).toEqual([
      ['taken_quiz', true],
      ['notes', 'Raise fees'],
    ]);
    expect(failed!.body).toEqual(ok!.body);
    expect(flashAnalytics.unsent()).toEqual([]);
    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(sends(calls)).toHaveLength(2);

    // Leaving the page sends what is pending at once, with keepalive.
    await user.type(screen.getByLabelText('Profit impact'), '$500');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await user.click(within(breadcrumb).getByRole('link', { name: 'My Lessons' }));
    await screen.findByRole('heading', { name: 'My Lessons', level: 1 });
    await waitFor(() => expect(sends(calls)).toHaveLength(3));
    const left = sends(calls)[2]!;
    expect(left.keepalive).toBe(true);
    expect([failed!.keepalive, ok!.keepalive]).toEqual([undefined, undefined]);
    expect((left.body as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ assessment_id: 7, lesson_id: 21, field: 'profit_impact', value: '$500' }),
    ]);
    // Off the lesson page, nothing is sent on a timer.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(sends(calls)).toHaveLength(3);
  });
});
