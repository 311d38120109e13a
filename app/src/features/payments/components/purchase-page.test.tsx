import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, gapiAnswer, renderPortal, testConfig, type FakeCall, signInFresh } from '@/testing/portal';
import { NOT_CONFIGURED, RECEIPT_SENT } from './purchase-page';

// Stripe.js itself cannot load here (no internet, and happy-dom runs no remote script): the two Stripe
// modules are stood in for, and the test records whether the page loaded them at all.
const stripe = vi.hoisted(() => ({
  imported: [] as string[],
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  submit: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => {
  stripe.imported.push('@stripe/stripe-js');
  return { loadStripe: stripe.loadStripe };
});
vi.mock('@stripe/react-stripe-js', () => {
  stripe.imported.push('@stripe/react-stripe-js');
  return {
    Elements: ({ children }: { children: ReactNode }) => children,
    PaymentElement: () => <div data-testid="payment-element" />,
    useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
    useElements: () => ({ submit: stripe.submit }),
  };
});

const withKey = {
  ...testConfig,
  integrations: { ...testConfig.integrations, stripePublishableKey: 'pk_test_abcdefgh12345678' },
};

const purchase = (paid = false) => ({
  group_id: 12,
  title: 'Profit Mastermind',
  amount: 4900,
  currency: 'usd',
  paid,
  status: paid ? 'succeeded' : 'none',
  paid_at: paid ? '2026-11-24T09:00:00.000Z' : null,
});

function server(handle: (call: FakeCall) => { status: number; data?: unknown } | undefined) {
  return fakeApi((call) => {
    const answer = handle(call);
    if (answer) return answer;
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
}

beforeEach(() => {
  signInFresh();
  stripe.imported.length = 0;
  stripe.loadStripe.mockReset().mockResolvedValue({});
  stripe.confirmPayment.mockReset().mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
  stripe.submit.mockReset().mockResolvedValue({});
});

describe('/groups/{groupid}/purchase', () => {
  it('without a publishable key, says how to join through the coach, offers no payment, and Stripe never loads', async () => {
    server((call) =>
      call.url === '/api/v1/users/studentpaid/' ? { status: 200, data: { data: purchase() } } : undefined,
    );
    renderPortal('/groups/12/purchase');
    expect(
      await screen.findByRole('heading', { name: 'Join Profit Mastermind', level: 1 }),
    ).toBeInTheDocument();
    // Said before any click, with the ways to reach the coach, and nothing that looks like a payment.
    expect(screen.getByRole('heading', { name: 'How to join' })).toBeInTheDocument();
    expect(screen.getByText(NOT_CONFIGURED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message your coach' })).toHaveAttribute(
      'href',
      '/messages/compose',
    );
    expect(screen.getByRole('link', { name: /coach's contact details/ })).toHaveAttribute(
      'href',
      '/coachprofile',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    // The first test of the file: no earlier test has imported the Stripe modules either.
    expect(stripe.imported).toEqual([]);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Card details' })).toBeNull();
  });

  it('with a key, pays through Stripe Elements, sending only the group, one Idempotency-Key per attempt', async () => {
    let intents = 0;
    let paid = false;
    const calls = server((call) => {
      if (call.url === '/api/v1/users/studentpaid/') return { status: 200, data: { data: purchase(paid) } };
      if (call.url === '/integrations/stripe/create-intent') {
        if (++intents === 1)
          return { status: 502, data: { message: 'The payment provider could not be reached.' } };
        return {
          status: 200,
          data: {
            data: {
              group_id: 12,
              payment_intent_id: 'pi_1',
              client_secret: 'pi_1_secret_2',
              amount: 4900,
              currency: 'usd',
            },
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/groups/12/purchase', withKey);
    const region = await screen.findByRole('region', { name: 'Card details' });
    expect(region).toBeInTheDocument();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_abcdefgh12345678');

    await user.click(screen.getByRole('button', { name: 'Pay $49.00' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The payment provider could not be reached.',
    );
    expect(stripe.confirmPayment).not.toHaveBeenCalled();

    paid = true; // the webhook arrives while the card is confirmed
    await user.click(screen.getByRole('button', { name: 'Pay $49.00' }));
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalledTimes(1));
    expect(stripe.confirmPayment.mock.calls[0]![0]).toMatchObject({
      clientSecret: 'pi_1_secret_2',
      redirect: 'if_required',
    });
    const sent = calls.filter((c) => c.url === '/integrations/stripe/create-intent');
    expect(sent.map((c) => c.body)).toEqual([{ group_id: 12 }, { group_id: 12 }]);
    const keys = sent.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('You are enrolled.', {}, { timeout: 8000 })).toBeInTheDocument();
  }, 20_000);

  it('says when the card form cannot load, and tries again', async () => {
    stripe.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    server((call) =>
      call.url === '/api/v1/users/studentpaid/' ? { status: 200, data: { data: purchase() } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/groups/12/purchase', withKey);
    expect(await screen.findByText(/The secure card form could not be loaded/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
  });

  it('once paid, offers the receipt by email', async () => {
    const calls = server((call) => {
      if (call.url === '/api/v1/users/studentpaid/') return { status: 200, data: { data: purchase(true) } };
      if (call.url === '/api/v1/users/studentemail/')
        return {
          status: 200,
          data: { data: { group_id: 12, mailed: true, mailed_at: '2026-11-24T09:01:00.000Z' } },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/groups/12/purchase', withKey);
    await user.click(await screen.findByRole('button', { name: 'Email me a receipt' }));
    expect(await screen.findByText(RECEIPT_SENT)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/users/studentemail/')?.body).toEqual({ group_id: 12 });
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
