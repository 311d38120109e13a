import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsole } from '@/testing/console';
import { fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';
import { currentMonth, monthName } from '../lib/format';
import type { Metric } from '../api/get-metrics';

const thisMonth = currentMonth('America/Chicago');
const at = '2026-11-20T10:00:00.000Z';

const revenue = (): Metric => ({
  id: 4,
  name: 'Monthly revenue',
  unit: 'USD',
  target: 50_000,
  direction: 'up',
  values: [
    { period: '2026-08', value: 46_300, note: '', updated_at: at },
    { period: '2026-09', value: 51_400, note: 'Best month so far', updated_at: at },
  ],
  created_at: at,
  updated_at: at,
});

type Answer = { status: number; data?: unknown } | undefined;

function server(start: Metric[], handle: (call: FakeCall) => Answer = () => undefined) {
  let metrics = start;
  return fakeApi((call) => {
    const answer = handle(call);
    if (answer) return answer;
    if (call.url === '/api/v1/clientportal/metrics/list/') return { status: 200, data: { data: metrics } };
    if (call.url === '/api/v1/tracker/monthly') {
      const { metric_id, period, value, note } = call.body as {
        metric_id: number;
        period: string;
        value: number;
        note: string;
      };
      metrics = metrics.map((m) =>
        m.id === metric_id
          ? {
              ...m,
              values: [...m.values, { period, value, note, updated_at: at }].sort((a, b) =>
                a.period < b.period ? -1 : 1,
              ),
            }
          : m,
      );
      return { status: 200, data: { data: metrics.find((m) => m.id === metric_id) } };
    }
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
}

beforeEach(() => {
  signInFresh();
});

const card = async (name: string) => screen.findByRole('article', { name });

describe('/metrics', () => {
  it('shows each metric with a caption for its chart and a table of every month, newest first', async () => {
    server([revenue()]);
    renderPortal('/metrics');
    const metric = await card('Monthly revenue');
    expect(within(metric).getByText('Target: 50,000 USD · Higher is better')).toBeInTheDocument();
    expect(
      within(metric).getByText(/2 months recorded\. Latest: September 2026, 51,400 USD; target 50,000 USD\./),
    ).toBeInTheDocument();
    const table = within(metric).getByRole('table', { name: 'Monthly revenue by month' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'September 202651,400 USDMetBest month so far',
      'August 202646,300 USDNot met',
    ]);
  });

  it('records a month: the table and the chart caption show it', async () => {
    const calls = server([revenue()]);
    const user = userEvent.setup();
    renderPortal('/metrics');
    const metric = await card('Monthly revenue');
    const form = within(metric).getByRole('form', { name: 'Record a month of Monthly revenue' });
    expect(within(form).getByLabelText('Month')).toHaveValue(thisMonth);
    await user.type(within(form).getByLabelText('Value (USD)'), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Record month' }));
    expect(within(form).getByText('Enter the value as a number, e.g. 48250.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Value (USD)'));
    await user.type(within(form).getByLabelText('Value (USD)'), '53,000.5');
    await user.type(within(form).getByLabelText('Note (optional)'), 'New van');
    await user.click(within(form).getByRole('button', { name: 'Record month' }));
    expect(await screen.findByText(`Monthly revenue: ${monthName(thisMonth)} saved`)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/tracker/monthly')?.body).toEqual({
      metric_id: 4,
      period: thisMonth,
      value: 53000.5,
      note: 'New van',
    });
    const table = within(metric).getByRole('table', { name: 'Monthly revenue by month' });
    expect(await within(table).findByRole('rowheader', { name: monthName(thisMonth) })).toBeInTheDocument();
    expect(within(table).getByText('53,000.5 USD')).toBeInTheDocument();
    expect(within(metric).getByText(/3 months recorded\. Latest: .*53,000\.5 USD/)).toBeInTheDocument();
    // The month is now recorded: the same form corrects it.
    expect(within(form).getByRole('button', { name: 'Update month' })).toBeInTheDocument();
  });

  it('picking a recorded month fills in its value and note', async () => {
    server([revenue()]);
    const user = userEvent.setup();
    renderPortal('/metrics');
    const form = within(await card('Monthly revenue')).getByRole('form');
    await user.selectOptions(within(form).getByLabelText('Month'), '2026-09');
    expect(within(form).getByLabelText('Value (USD)')).toHaveValue('51400');
    expect(within(form).getByLabelText('Note (optional)')).toHaveValue('Best month so far');
  });

  it('starts empty, refuses a metric without a name, and adds one (keeping what was typed until it is saved)', async () => {
    const calls = server([], ({ url, body }) =>
      url === '/api/v1/clientportal/metrics/save'
        ? { status: 201, data: { data: { ...revenue(), ...(body as object), id: 9, values: [] } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/metrics');
    expect(await screen.findByText(/No metrics yet\./)).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Add a metric' });
    await user.click(within(form).getByRole('button', { name: 'Add metric' }));
    expect(within(form).getByText('Name the metric, e.g. Monthly revenue.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Complaints');
    await user.type(within(form).getByLabelText('Target'), '2');
    await user.selectOptions(within(form).getByLabelText('Better when'), 'Lower');
    await user.click(within(form).getByRole('button', { name: 'Add metric' }));
    expect(await screen.findByText('Metric added')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/clientportal/metrics/save')?.body).toEqual({
      name: 'Complaints',
      unit: '',
      target: 2,
      direction: 'down',
    });
    expect(within(form).getByLabelText('Name')).toHaveValue('');
  });

  it('edits a metric', async () => {
    const calls = server([revenue()], ({ url }) =>
      url === '/api/v1/clientportal/metrics/update' ? { status: 200, data: { data: revenue() } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/metrics');
    const metric = await card('Monthly revenue');
    await user.click(within(metric).getByRole('button', { name: 'Edit metric: Monthly revenue' }));
    const name = within(metric).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Revenue');
    await user.clear(within(metric).getByLabelText('Target'));
    await user.click(within(metric).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Metric updated')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/clientportal/metrics/update')?.body).toEqual({
      id: 4,
      name: 'Revenue',
      unit: 'USD',
      target: null,
      direction: 'up',
    });
    expect(within(metric).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('says so when the metrics cannot be loaded, and tries again', async () => {
    let fail = true;
    server([revenue()], ({ url }) =>
      url === '/api/v1/clientportal/metrics/list/' && fail
        ? { status: 503, data: { message: 'Down for maintenance.' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/metrics');
    expect(
      await screen.findByText('Your metrics could not be loaded: Down for maintenance.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Monthly revenue')).toBeInTheDocument();
  });

  it("shares with the coach when no address is given, with 'Unable to send email' when the server fails silently", async () => {
    let fail = false;
    const calls = server([revenue()], ({ url }) => {
      if (url !== '/api/v1/coachingportal/metrics/share/') return undefined;
      return fail
        ? { status: 500, data: {} }
        : { status: 200, data: { data: { sent: true, to: 'coach@demo.test', metrics: 1 } } };
    });
    const user = userEvent.setup();
    renderPortal('/metrics');
    const form = await screen.findByRole('form', { name: 'Share your metrics' });
    await user.click(within(form).getByRole('button', { name: 'Send by email' }));
    expect(await screen.findByText('Metrics sent to coach@demo.test')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/coachingportal/metrics/share/')?.body).toEqual({});

    fail = true;
    // A 500 is only logged (SPEC §8).
    expectConsole('error', /^API error POST \/api\/v1\/coachingportal\/metrics\/share\/ /);
    await user.type(within(form).getByLabelText('Email address'), 'accountant@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send by email' }));
    expect(await screen.findByText('Unable to send email')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/v1/coachingportal/metrics/share/').at(-1)?.body).toEqual({
      email: 'accountant@example.com',
    });
  });
});
