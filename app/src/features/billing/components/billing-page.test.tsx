import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BillingPage, Offering, Purchase } from '../../../../../contracts/rest/billing';
import { expectConsole } from '@/testing/console';
import { fakeApi, gapiAnswer, renderPortal, signInFresh, type FakeCall } from '@/testing/portal';

const offering = (id: number, title: string, extra: Partial<Offering> = {}): Offering => ({
  id,
  coach: { id: 1, name: 'Margaret Okafor' },
  kind: 'package',
  title,
  description: 'Four sessions before the holiday rush.',
  meeting_type: { id: 9, title: 'Coaching session' },
  sessions: 4,
  valid_months: 3,
  interval: null,
  instalments: null,
  price: 56000,
  instalment: null,
  currency: 'usd',
  audience: 'clients',
  group: null,
  invited: [],
  active: true,
  created_at: '2026-06-01T10:00:00.000Z',
  ...extra,
});

const page = (extra: Partial<BillingPage> = {}): BillingPage => ({
  currency: 'usd',
  cards: false,
  offline_instructions: 'Pay by Zelle to (213) 555-0187.',
  offerings: [
    offering(1, 'Busy-season prep: 4 sessions'),
    offering(2, 'Monthly bakery check-in', {
      kind: 'subscription',
      sessions: 1,
      valid_months: null,
      interval: 'month',
      price: 15000,
    }),
  ],
  purchases: [],
  credits: { client_id: 5, available: 0, next_expiry: null, grants: [] },
  invoices: [],
  ...extra,
});

function serve(answer: () => { status: number; data: unknown }) {
  const sent: FakeCall[] = [];
  fakeApi((call) => {
    if (call.url === '/api/v1/billing') return answer();
    if (call.url.startsWith('/api/v1/billing/')) {
      sent.push(call);
      return {
        status: 201,
        data: {
          data: {
            purchase: {
              id: 40,
              offering: { id: 1, title: 'Busy-season prep: 4 sessions', kind: 'package' },
              status: 'pending',
              amount: 56000,
              currency: 'usd',
              method: 'offline',
              created_at: '2026-11-29T10:00:00.000Z',
              paid_at: null,
              subscription: null,
            },
            payment: null,
          },
        },
      };
    }
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
  return sent;
}

beforeEach(() => {
  signInFresh();
});

describe('/billing', () => {
  it('lists what is open to me at the server’s prices and, without cards, orders with the way to pay', async () => {
    const sent = serve(() => ({ status: 200, data: { data: page() } }));
    renderPortal('/billing');
    const offers = await screen.findByRole('list', { name: 'Plans open to you' });
    const prep = within(offers).getByRole('heading', { name: 'Busy-season prep: 4 sessions' }).closest('li')!;
    expect(prep).toHaveTextContent('$560.00');
    expect(prep).toHaveTextContent('4 sessions of Coaching session, valid for 3 months');
    expect(
      within(offers)
        .getByText(/\$150\.00/)
        .closest('li'),
    ).toHaveTextContent('a month');
    expect(screen.getByText('You have not bought anything yet.')).toBeInTheDocument();
    expect(screen.getByText('No invoices yet.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(prep).getByRole('button', { name: 'Buy Busy-season prep: 4 sessions' }));
    expect(within(prep).getByText('Pay by Zelle to (213) 555-0187.')).toBeInTheDocument();
    await user.click(within(prep).getByRole('button', { name: 'I will pay this way' }));
    expect(await within(prep).findByText('Your order is noted.')).toBeInTheDocument();
    // A second click sends the same key: one purchase.
    expect(sent.map((c) => c.url)).toEqual(['/api/v1/billing/offerings/1/buy']);
    expect((sent[0]!.body as { idempotency_key: string }).idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows my credits and invoices, and says when the page could not load', async () => {
    expectConsole('error', /^API error GET \/api\/v1\/billing /);
    let fail = true;
    serve(() =>
      fail
        ? { status: 500, data: { message: 'Server error' } }
        : {
            status: 200,
            data: {
              data: page({
                credits: {
                  client_id: 5,
                  available: 3,
                  next_expiry: '2027-01-29T10:00:00.000Z',
                  grants: [
                    {
                      id: 1,
                      source: 'purchase',
                      quantity: 4,
                      used: 1,
                      meeting_type: { id: 9, title: 'Coaching session' },
                      purchase_id: 40,
                      expires_at: '2027-01-29T10:00:00.000Z',
                      reason: null,
                      created_at: '2026-10-29T10:00:00.000Z',
                    },
                  ],
                },
                invoices: [
                  {
                    id: 7,
                    kind: 'invoice',
                    number: 'INV-000007',
                    issued_at: '2026-10-29T10:00:00.000Z',
                    total: 56000,
                    tax: 0,
                    currency: 'usd',
                    payment_id: 3,
                  },
                ],
              }),
            },
          },
    );
    renderPortal('/billing');
    expect(await screen.findByText(/Your plans and billing could not be loaded/)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    const credits = await screen.findByRole('region', { name: 'My session credits' });
    expect(credits).toHaveTextContent('3 session credits left');
    expect(within(credits).getByRole('row', { name: /Purchase 4 1 Coaching session/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download INV-000007 (PDF)' })).toBeInTheDocument();
  });
});

describe('/billing: my subscription', () => {
  const monthly = offering(2, 'Monthly bakery check-in', {
    kind: 'subscription',
    sessions: 1,
    valid_months: null,
    interval: 'month',
    price: 15000,
  });
  const weekly = offering(3, 'Weekly bakery check-in', {
    kind: 'subscription',
    sessions: 4,
    valid_months: null,
    interval: 'month',
    price: 48000,
  });

  /** The API's side: one subscription, which the cancel and change routes change as the server would. */
  function serveSubscription(refuseChange = false) {
    const sent: FakeCall[] = [];
    let bought: Purchase = {
      id: 41,
      offering: { id: 2, title: monthly.title, kind: 'subscription' },
      status: 'active',
      amount: 15000,
      currency: 'usd',
      method: 'stripe',
      created_at: '2026-11-15T12:00:00.000Z',
      paid_at: '2026-11-15T12:00:00.000Z',
      subscription: {
        status: 'active',
        current_period_start: '2026-12-15T12:00:00.000Z',
        current_period_end: '2027-01-15T12:00:00.000Z',
        cancel_at_period_end: false,
        past_due_since: null,
        instalments_paid: 0,
        grace_until: null,
      },
    };
    fakeApi((call) => {
      if (call.url === '/api/v1/billing')
        return { status: 200, data: { data: page({ offerings: [monthly, weekly], purchases: [bought] }) } };
      if (call.url === '/api/v1/billing/purchases/41/cancel') {
        sent.push(call);
        const { cancel_at_period_end } = call.body as { cancel_at_period_end: boolean };
        bought = { ...bought, subscription: { ...bought.subscription!, cancel_at_period_end } };
        return { status: 200, data: { data: bought } };
      }
      if (call.url === '/api/v1/billing/purchases/41/change') {
        sent.push(call);
        if (refuseChange)
          return {
            status: 422,
            data: {
              message: 'The given data was invalid.',
              error: { offering_id: ['Change to a subscription of the same coach.'] },
            },
          };
        bought = { ...bought, offering: { id: 3, title: weekly.title, kind: 'subscription' }, amount: 48000 };
        return { status: 200, data: { data: bought } };
      }
      if (call.url === '/gapi') return gapiAnswer(call);
      return { status: 404, data: { message: 'Not found.' } };
    });
    return sent;
  }

  const mine = async () =>
    within(await screen.findByRole('list', { name: 'Your purchases' })).getByRole('listitem');

  it('offers no second Buy of the plan I hold, only the others', async () => {
    serveSubscription();
    renderPortal('/billing');
    const open = await screen.findByRole('list', { name: 'Plans open to you' });
    const held = within(open).getAllByRole('listitem')[0]!;
    expect(held).toHaveTextContent(monthly.title);
    expect(held).toHaveTextContent('You have this plan: see it under your purchases.');
    expect(within(held).queryByRole('button', { name: `Buy ${monthly.title}` })).toBeNull();
    expect(within(open).getByRole('button', { name: `Buy ${weekly.title}` })).toBeInTheDocument();
  });

  it('cancels at the end of the period, says until when, and goes on again on undo', async () => {
    const sent = serveSubscription();
    renderPortal('/billing');
    const item = await mine();
    expect(item).toHaveTextContent('Renews on Jan 15, 2027.');
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Cancel at the end of this period' }));
    expect(await screen.findByText('It ends at the end of this period.')).toBeInTheDocument();
    expect(await within(item).findByText('Ends on Jan 15, 2027.')).toBeInTheDocument();
    // An ending subscription offers no change of plan, only to keep it.
    expect(within(item).queryByLabelText('Change to')).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Keep my subscription' }));
    expect(await screen.findByText('Your subscription goes on.')).toBeInTheDocument();
    expect(await within(item).findByText('Renews on Jan 15, 2027.')).toBeInTheDocument();
    expect(sent.map((c) => c.body)).toEqual([
      { cancel_at_period_end: true },
      { cancel_at_period_end: false },
    ]);
  });

  it('changes the plan to another subscription, and the page shows the new one', async () => {
    const sent = serveSubscription();
    renderPortal('/billing');
    const item = await mine();
    const user = userEvent.setup();
    const choice = within(item).getByLabelText('Change to');
    // Only the other subscriptions: not the one held, not a package.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a plan', 'Weekly bakery check-in ($480.00)']);
    expect(within(item).getByRole('button', { name: 'Change plan' })).toBeDisabled();
    await user.selectOptions(choice, '3');
    await user.click(within(item).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Your plan is changed. The difference is prorated.')).toBeInTheDocument();
    expect(await within(item).findByRole('heading', { name: 'Weekly bakery check-in' })).toBeInTheDocument();
    expect(item).toHaveTextContent('$480.00');
    expect(sent.map((c) => c.body)).toEqual([{ offering_id: 3 }]);
  });

  it('says why a change is refused and keeps the plan chosen', async () => {
    serveSubscription(true);
    renderPortal('/billing');
    const item = await mine();
    const user = userEvent.setup();
    await user.selectOptions(within(item).getByLabelText('Change to'), '3');
    await user.click(within(item).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Change to a subscription of the same coach.')).toBeInTheDocument();
    expect(within(item).getByLabelText('Change to')).toHaveValue('3');
    expect(item).toHaveTextContent('Monthly bakery check-in');
  });
});
