import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BillingPage, Offering } from '../../../../../contracts/rest/billing';
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
