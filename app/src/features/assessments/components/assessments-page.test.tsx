import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';

const summary = {
  id: 4,
  title: 'Business growth assessment',
  company: 'Brightwater Plumbing',
  currency_id: 2,
  assessed_on: '2026-11-12',
  created_at: '2026-11-12T10:00:00.000Z',
  areas_count: 2,
  focus_count: 1,
  steps_count: 1,
};

const analysis = {
  ...summary,
  totals: { current: 80_000, potential: 125_000, gap: 45_000 },
  areas: [
    {
      id: 11,
      name: 'Pricing and margins',
      score: 48,
      current_amount: 62_000,
      potential_amount: 94_000,
      gap: 32_000,
      focus_rank: 1,
      goal: 'Lift margins.',
    },
    {
      id: 12,
      name: 'Cash flow',
      score: 55,
      current_amount: 18_000,
      potential_amount: 31_000,
      gap: 13_000,
      focus_rank: null,
      goal: '',
    },
  ],
};

const focusArea = {
  id: 11,
  assessment_id: 4,
  name: 'Pricing and margins',
  goal: 'Lift margins.',
  focus_rank: 1,
  score: 48,
};

const step = (id: number, title: string, status: number | null) => ({
  id,
  focus_area_id: 11,
  title,
  description: '',
  due_date: null,
  action_step: status === null ? null : { id: 100 + id, status },
  created_at: '2026-11-12T10:00:00.000Z',
});

const euro = (n: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    n,
  );

function server(
  handle: (call: FakeCall) => { status: number; data?: unknown } | undefined = () => undefined,
) {
  let steps = [step(1, 'Raise prices on the top 10 items by 5%', 1)];
  return fakeApi((call) => {
    const answer = handle(call);
    if (answer) return answer;
    switch (call.url) {
      case '/api/v1/assessments/company/simple/':
        return { status: 200, data: { data: [summary] } };
      case '/api/v1/assessments/analysis/4':
        return { status: 200, data: { data: analysis } };
      case '/api/v1/currencies':
        return {
          status: 200,
          data: {
            data: [
              { id: 1, code: 'USD', name: 'US Dollar' },
              { id: 2, code: 'EUR', name: 'Euro' },
            ],
          },
        };
      case '/api/v1/coachingportal/implementation/show/':
        return {
          status: 200,
          data: {
            data: {
              assessment_id: 4,
              focus_areas: [
                { ...focusArea, steps_total: steps.length, steps_on_board: 1, steps_completed: 0 },
              ],
            },
          },
        };
      case '/api/v1/priorities/implementation/11':
        return { status: 200, data: { implementation: focusArea, data: steps } };
      case '/api/v1/clientportal/implementations/add/': {
        const body = call.body as { title: string; add_to_action_steps: boolean };
        const added = step(2, body.title, body.add_to_action_steps ? 0 : null);
        steps = [...steps, added];
        return { status: 201, data: { data: added } };
      }
      case '/gapi':
        return gapiAnswer(call);
      default:
        return { status: 404, data: { message: 'Not found.' } };
    }
  });
}

beforeEach(() => {
  signInFresh();
});

describe('/assessments', () => {
  it('lists the assessments with a link to each', async () => {
    server();
    renderPortal('/assessments');
    const card = await screen.findByRole('article', { name: 'Business growth assessment' });
    expect(within(card).getByRole('link', { name: 'Business growth assessment' })).toHaveAttribute(
      'href',
      '/assessments/4',
    );
    expect(card).toHaveTextContent('2 areas · 1 focus area · 1 implementation step');
    expect(card).toHaveTextContent('Assessed on Thursday, November 12th, 2026 · Brightwater Plumbing');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'My Action Steps' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says so when there is none, and offers a retry when the list fails', async () => {
    let fail = true;
    server(({ url }) => {
      if (url !== '/api/v1/assessments/company/simple/') return undefined;
      return fail
        ? { status: 503, data: { message: 'Down for maintenance.' } }
        : { status: 200, data: { data: [] } };
    });
    const user = userEvent.setup();
    renderPortal('/assessments');
    expect(
      await screen.findByText(/Your assessments could not be loaded: Down for maintenance./),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No assessments yet/)).toBeInTheDocument();
  });
});

describe('/assessments/:id', () => {
  it('shows the analysis in the assessment’s currency and the focus areas with their steps', async () => {
    server();
    renderPortal('/assessments/4');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Business growth assessment' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Amounts in Euro \(EUR\)/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Analysis by area' });
    const pricing = within(table).getByRole('row', { name: /Pricing and margins/ });
    expect(pricing).toHaveTextContent(euro(62_000));
    expect(pricing).toHaveTextContent(euro(94_000));
    expect(pricing).toHaveTextContent('Priority 1');
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent(euro(45_000));
    const focus = await screen.findByRole('region', { name: /Pricing and margins/ });
    const item = await within(focus).findByRole('heading', {
      name: 'Raise prices on the top 10 items by 5%',
    });
    expect(item.parentElement).toHaveTextContent('In progress');
    expect(
      within(item.parentElement!).getByRole('link', { name: 'On your action steps board' }),
    ).toHaveAttribute('href', '/action-steps');
  });

  it('adds a step onto the board; a refused one keeps what was typed', async () => {
    let refuse = true;
    const calls = server(({ url }) =>
      url === '/api/v1/clientportal/implementations/add/' && refuse
        ? { status: 422, data: { error: { title: ['The title is too long.'] } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/assessments/4');
    const focus = await screen.findByRole('region', { name: /Pricing and margins/ });
    await user.click(await within(focus).findByRole('button', { name: 'Add a step to Pricing and margins' }));
    const form = within(focus).getByRole('form', { name: 'New step for Pricing and margins' });
    expect(within(form).getByLabelText('Step')).toHaveFocus();
    await user.type(within(form).getByLabelText('Step'), 'Call the three biggest customers');
    await user.type(within(form).getByLabelText('Due date (optional)'), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    expect(await screen.findByText('The title is too long.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Step')).toHaveValue('Call the three biggest customers');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    expect(await screen.findByText('Implementation step added to your action steps')).toBeInTheDocument();
    expect(
      await within(focus).findByRole('heading', { name: 'Call the three biggest customers' }),
    ).toBeInTheDocument();
    expect(within(focus).getByRole('button', { name: 'Add a step to Pricing and margins' })).toHaveFocus();
    expect(calls.filter((c) => c.url === '/api/v1/clientportal/implementations/add/').at(-1)?.body).toEqual({
      focus_area_id: 11,
      title: 'Call the three biggest customers',
      description: '',
      due_date: '2026-12-01',
      add_to_action_steps: true,
    });
  });

  it('says a missing assessment is not found, without offering to try again', async () => {
    server(({ url }) =>
      url === '/api/v1/assessments/analysis/9'
        ? { status: 404, data: { message: 'Assessment not found.' } }
        : undefined,
    );
    renderPortal('/assessments/9');
    expect(await screen.findByRole('heading', { name: 'Assessment not found' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See all your assessments' })).toHaveAttribute(
      'href',
      '/assessments',
    );
  });

  it('says an address whose id is no id (/assessments/abc) is not found, asking the API nothing', async () => {
    for (const id of ['abc', '0', '4x', '99999999999']) {
      const calls = server(() => undefined);
      const { unmount } = renderPortal(`/assessments/${id}`);
      expect(await screen.findByRole('heading', { name: 'Assessment not found' }), id).toBeInTheDocument();
      expect(screen.queryByText(/could not be loaded/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(calls.filter((c) => c.url.startsWith('/api/v1/assessments/'))).toEqual([]);
      unmount();
    }
  });

  it('offers to try again when the assessment failed to load', async () => {
    server(({ url }) =>
      url === '/api/v1/assessments/analysis/9'
        ? { status: 503, data: { message: 'Try again soon.' } }
        : undefined,
    );
    renderPortal('/assessments/9');
    expect(
      await screen.findByText(/This assessment could not be loaded: Try again soon./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
