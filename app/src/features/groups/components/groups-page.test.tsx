import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, gapiAnswer, renderPortal, testConfig, signInFresh } from '@/testing/portal';

const group = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  user_group_id: id + 10,
  title,
  description: `${title} description`,
  group_img: null,
  intro_video: null,
  meets_on: 'Tuesdays, 6:00 pm',
  schedule: '',
  group_start_date: '2026-11-01',
  group_end_date: '2027-01-31',
  status: 'active',
  group_type: 'free',
  price: 0,
  currency: 'usd',
  coach_name: 'Thomas Lindqvist',
  membership_status: 'active',
  paid: false,
  total_lessons: 2,
  progress: { completed_lessons: 1, steps_done: 6, total_steps: 10 },
  ...extra,
});

const lessons = [
  {
    lesson_order: 1,
    lesson_length: 45,
    lesson_access: 1,
    locked: false,
    locked_reason: null,
    steps_done: 5,
    lesson: { id: 3, title: 'Know your numbers', short_desc: 'Five figures.' },
  },
  {
    lesson_order: 2,
    lesson_length: 60,
    lesson_access: 1,
    locked: true,
    locked_reason: 'This lesson opens once the group is paid for.',
    steps_done: 0,
    lesson: { id: 4, title: 'Delegation', short_desc: '' },
  },
];

beforeEach(() => {
  signInFresh();
});

describe('/groups', () => {
  it('lists the client’s groups with their facts and progress', async () => {
    fakeApi((call) =>
      gapiAnswer(call, {
        group: [
          group(1, 'Profit Accelerator'),
          group(2, 'Mastermind', { group_type: 'paid', price: 49_700 }),
        ],
      }),
    );
    renderPortal('/groups');
    const link = await screen.findByRole('link', { name: 'Profit Accelerator' });
    expect(link).toHaveAttribute('href', '/groups/1/11');
    const paid = screen.getByRole('link', { name: 'Mastermind' }).closest('li')!;
    expect(within(paid).getByText(/\$497\.00 · Not paid yet/)).toBeInTheDocument();
    expect(within(paid).getByText('1 of 2 lessons completed')).toBeInTheDocument();
    expect(within(paid).getByRole('progressbar', { name: 'Your progress in Mastermind' })).toHaveAttribute(
      'value',
      '60',
    );
  });

  it('offers to pay for a paid group only where the portal takes payments', async () => {
    const groups = [group(2, 'Mastermind', { group_type: 'paid', price: 49_700 })];
    fakeApi((call) => gapiAnswer(call, { group: groups }));
    const view = renderPortal('/groups');
    const without = (await screen.findByRole('link', { name: 'Mastermind' })).closest('li')!;
    expect(within(without).getByRole('link', { name: 'How to join' })).toHaveAttribute(
      'href',
      '/groups/2/purchase',
    );
    expect(within(without).queryByRole('link', { name: 'Pay and join' })).toBeNull();
    view.unmount();
    const integrations = { ...testConfig.integrations, stripePublishableKey: 'pk_test_1' };
    renderPortal('/groups', { ...testConfig, integrations });
    const withKey = (await screen.findByRole('link', { name: 'Mastermind' })).closest('li')!;
    expect(within(withKey).getByRole('link', { name: 'Pay and join' })).toBeInTheDocument();
  });

  const noGroup = (coach: { first_name: string; last_name: string } | null) =>
    fakeApi((call) =>
      call.url === '/api/v1/clientportal/coach/profile/'
        ? { status: 200, data: { data: coach } }
        : gapiAnswer(call, { group: [] }),
    );

  it('says so when the client has no group', async () => {
    noGroup({ first_name: 'Thomas', last_name: 'Lindqvist' });
    renderPortal('/groups');
    expect(
      await screen.findByText('You are not in a group yet. Your coach will invite you.'),
    ).toBeInTheDocument();
  });

  it('tells a client without a coach that they have none yet, and what happens next', async () => {
    noGroup(null);
    renderPortal('/groups');
    expect(
      await screen.findByText(
        'You have no coach yet, so you are in no group. Once your coaching company assigns you a coach, they invite you to their groups, and the groups appear here.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Your coach will invite you/)).toBeNull();
  });

  it('shows a group’s lessons in order, a locked one with its reason and no link, and the recordings', async () => {
    fakeApi((call) => {
      if (call.url === '/api/v1/lessons/recording/')
        return {
          status: 200,
          data: {
            data: [
              {
                id: 1,
                lesson_id: 3,
                title: 'Group meeting 1',
                recording_url: 'https://rec.example.com/1',
                duration_minutes: 58,
                recorded_at: '2026-11-17T18:00:00.000Z',
              },
            ],
          },
        };
      return gapiAnswer(call, {
        usergroup: { group: group(1, 'Profit Accelerator', { intro_video: '/media/intro.mp4' }), lessons },
      });
    });
    renderPortal('/groups/1/11');
    // Text queries: role queries over this page's whole shell are slow in happy-dom.
    const first = await screen.findByText('Know your numbers');
    const list = first.closest('ol')!;
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Know your numbers' })).toHaveAttribute(
      'href',
      '/groups/1/11/lesson/3',
    );
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    // The intro video is a file on the API, played by the browser's own player.
    expect(document.querySelector('video.group-video')?.getAttribute('src')).toMatch(
      /^https?:\/\/.+\/media\/intro\.mp4$/,
    );
    expect(within(items[1]!).getByText(/This lesson opens once the group is paid for\./)).toBeInTheDocument();
    expect((await screen.findByText('Watch the recording')).closest('a')).toHaveAttribute(
      'href',
      'https://rec.example.com/1',
    );
    expect(screen.getByText('No lesson meetings.')).toBeInTheDocument();
  });

  it("says a group that is not the client's is not found, once, without 'Try again'", async () => {
    fakeApi((call) =>
      /\busergroup\s*\(/.test(String((call.body as { query?: unknown }).query))
        ? {
            status: 404,
            data: {
              data: null,
              errors: [{ message: 'Group not found.', extensions: { code: 'NOT_FOUND' } }],
            },
          }
        : gapiAnswer(call),
    );
    renderPortal('/groups/1/99');
    expect(await screen.findByRole('heading', { name: 'Group not found' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // The page says it; no toast repeats the API's words.
    expect(screen.queryByText('Group not found.')).toBeNull();
    expect(screen.getByRole('link', { name: 'See all your groups' })).toHaveAttribute('href', '/groups');
  });

  it('asks for this group’s meetings only, and a past meeting says when it was held with no join link', async () => {
    const hour = 3_600_000;
    const meeting = (id: number, title: string, at: number) => ({
      id,
      title,
      meeting_time: new Date(at).toISOString(),
      time_zone: 'America/New_York',
      meeting_url: `https://meet.example.com/${id}`,
    });
    const calls = fakeApi((call) => {
      if (call.url === '/api/v1/lessons/recording/') return { status: 200, data: { data: [] } };
      return gapiAnswer(call, {
        usergroup: { group: group(1, 'Profit Accelerator'), lessons },
        lessonMeetingSearch: [
          meeting(1, 'Knowing your numbers', Date.now() - 3 * 24 * hour),
          meeting(2, 'A weekly cash-flow routine', Date.now() + 2 * 24 * hour),
        ],
      });
    });
    renderPortal('/groups/1/11');
    const past = (await screen.findByText('Knowing your numbers')).closest('li')!;
    expect(past).toHaveTextContent(/Held on \w+/);
    expect(within(past).queryByRole('link')).toBeNull();
    const next = screen.getByText('A weekly cash-flow routine').closest('li')!;
    expect(within(next).getByRole('link', { name: /Join meeting/ })).toHaveAttribute(
      'href',
      'https://meet.example.com/2',
    );
    expect(within(next).queryByText(/Held on/)).toBeNull();
    const asked = calls.find((c) =>
      String((c.body as { query?: string } | undefined)?.query).includes('lessonMeetingSearch'),
    );
    expect((asked!.body as { variables: Record<string, unknown> }).variables).toMatchObject({ ug: 11 });
  });
});
