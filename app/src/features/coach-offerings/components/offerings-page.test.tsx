import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Offering } from '../../../../../contracts/rest/billing';
import { apiUser, fakeApi, gapiAnswer, renderPortal, signInFresh, type FakeCall } from '@/testing/portal';

const sold: Offering = {
  id: 3,
  coach: { id: 1, name: 'Margaret Okafor' },
  kind: 'package',
  title: 'Grow the bakery: 8 sessions',
  description: '',
  meeting_type: null,
  sessions: 8,
  valid_months: 6,
  interval: null,
  instalments: null,
  price: 104000,
  instalment: null,
  currency: 'usd',
  audience: 'clients',
  group: null,
  invited: [],
  active: true,
  created_at: '2026-06-01T10:00:00.000Z',
};

function serve(refuse = false) {
  const sent: FakeCall[] = [];
  fakeApi((call) => {
    if (call.url === '/api/v1/coach/offerings' && call.method.toUpperCase() === 'GET')
      return { status: 200, data: { data: [sold] } };
    if (call.url === '/api/v1/coach/meeting-types')
      return {
        status: 200,
        data: { data: [{ id: 9, name: 'Coaching session', active: true }] },
      };
    if (call.url.startsWith('/api/v1/coach/offerings')) {
      sent.push(call);
      return refuse
        ? { status: 422, data: { message: 'The given data was invalid.', error: { price: ['Too much.'] } } }
        : { status: 201, data: { data: { ...sold, id: 4, title: (call.body as { title: string }).title } } };
    }
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
  return sent;
}

beforeEach(() => {
  signInFresh(apiUser({ role_id: 2, email: 'coach@demo.test' }));
});

describe('/coach/offerings', () => {
  it('lists what is sold and adds a plan, its price typed in dollars and sent in cents', async () => {
    const sent = serve();
    renderPortal('/coach/offerings');
    const table = await screen.findByRole('table', { name: 'Offerings' });
    expect(within(table).getByRole('row', { name: /Grow the bakery: 8 sessions/ })).toHaveTextContent(
      '$1,040.00',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New offering' }));
    await user.selectOptions(screen.getByLabelText('What it is'), 'plan');
    // A plan's fields, not a package's or a subscription's.
    expect(screen.queryByLabelText('Billed')).toBeNull();
    await user.type(screen.getByLabelText('Title'), 'Leadership plan');
    await user.type(screen.getByLabelText('Monthly instalments'), '1');
    await user.type(screen.getByLabelText('Total price (USD, tax included)'), '1200.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Beside its field, and nothing is sent.
    expect(screen.getByText('A plan has 2 to 24 monthly instalments.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.clear(screen.getByLabelText('Monthly instalments'));
    await user.type(screen.getByLabelText('Monthly instalments'), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Leadership plan saved.')).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({
      kind: 'plan',
      title: 'Leadership plan',
      instalments: 6,
      interval: 'month',
      price: 120050,
      sessions: null,
      audience: 'clients',
    });
  });

  it('keeps what was typed when the server refuses it', async () => {
    serve(true);
    renderPortal('/coach/offerings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New offering' }));
    await user.type(screen.getByLabelText('Title'), 'Six sessions');
    await user.type(screen.getByLabelText('Sessions'), '6');
    await user.type(screen.getByLabelText('Credits last (months)'), '6');
    await user.type(screen.getByLabelText('Price (USD, tax included)'), '900');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too much.', { selector: '.field-error' })).toBeTruthy();
    expect(screen.getByLabelText('Title')).toHaveValue('Six sessions');
    expect(screen.getByLabelText('Price (USD, tax included)')).toHaveValue('900');
  });
});
