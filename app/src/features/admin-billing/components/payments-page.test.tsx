import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Payment } from '../../../../../contracts/rest/billing';
import { apiUser, fakeApi, gapiAnswer, renderPortal, signInFresh, type FakeCall } from '@/testing/portal';

const paid: Payment = {
  id: 12,
  client: { id: 5, first_name: 'Ada', last_name: 'Baker' },
  coach: { id: 1, name: 'Margaret Okafor' },
  offering: { id: 3, title: 'Busy-season prep: 4 sessions' },
  purchase_id: 40,
  amount: 56000,
  tax_amount: 0,
  refunded_amount: 0,
  currency: 'usd',
  method: 'stripe',
  paid_at: '2026-11-10T12:00:00.000Z',
  invoice: { id: 7, number: 'INV-000007' },
  note: null,
};

/**
 * The API's side: one payment, refunded as the server would (the refunded amount grows, a credit note each),
 * or, with `refusal`, the refund answered with that 422 (another admin refunded meanwhile).
 */
function serve(refusal?: Record<string, string[]>) {
  const sent: FakeCall[] = [];
  let payment = paid;
  fakeApi((call) => {
    if (call.url === '/api/v1/admin/payments')
      return { status: 200, data: { data: { rows: [payment], next_cursor: null } } };
    if (call.url === '/api/v1/admin/payments/12/refunds') {
      sent.push(call);
      if (refusal) return { status: 422, data: { message: 'The given data was invalid.', error: refusal } };
      const { amount, reason } = call.body as { amount: number; reason: string };
      payment = { ...payment, refunded_amount: payment.refunded_amount + amount };
      const number = `INV-00000${7 + sent.length}`;
      return {
        status: 201,
        data: {
          data: {
            id: sent.length,
            payment_id: 12,
            amount,
            reason,
            created_at: '2026-11-29T10:00:00.000Z',
            credit_note: { id: 7 + sent.length, number },
            credits_removed: 0,
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
  signInFresh(apiUser({ role_id: 1, email: 'admin@demo.test' }));
});

const row = async () =>
  within(await screen.findByRole('table', { name: 'Payments, newest first' })).getByRole('row', {
    name: /Ada Baker/,
  });

describe('/admin/payments: a refund', () => {
  it('refunds part of a payment, then the rest, the amount typed in dollars and sent in cents', async () => {
    const sent = serve();
    renderPortal('/admin/payments');
    const user = userEvent.setup();
    await user.click(within(await row()).getByRole('button', { name: 'Refund payment INV-000007' }));
    const form = screen.getByRole('form', { name: /Refund Ada Baker/ });
    const amount = within(form).getByLabelText('Amount (USD)');
    // What is left is offered: the whole payment.
    expect(amount).toHaveValue('560.00');
    await user.clear(amount);
    await user.type(amount, '140.50');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    // Beside its field, and nothing is sent.
    expect(within(form).getByText('Say why the money goes back.')).toHaveClass('field-error');
    expect(sent).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason'), 'One session was not held.');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded. Credit note INV-000008 issued.')).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ amount: 14050, reason: 'One session was not held.' });
    await waitFor(async () => expect(await row()).toHaveTextContent('$140.50'));

    // The rest: the form now offers what is left, and sending it as it stands refunds in full.
    await user.click(within(await row()).getByRole('button', { name: 'Refund payment INV-000007' }));
    const again = screen.getByRole('form', { name: /Refund Ada Baker/ });
    expect(within(again).getByLabelText('Amount (USD)')).toHaveValue('419.50');
    await user.type(within(again).getByLabelText('Reason'), 'The client moved away.');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded. Credit note INV-000009 issued.')).toBeInTheDocument();
    expect(sent[1]!.body).toEqual({ amount: 41950, reason: 'The client moved away.' });
    // Refunded in full: nothing more to refund.
    await waitFor(async () => expect(await row()).toHaveTextContent('$560.00$560.00'));
    expect(within(await row()).queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('refuses more than is left before sending', async () => {
    const sent = serve();
    renderPortal('/admin/payments');
    const user = userEvent.setup();
    await user.click(within(await row()).getByRole('button', { name: 'Refund payment INV-000007' }));
    const form = screen.getByRole('form', { name: /Refund Ada Baker/ });
    await user.clear(within(form).getByLabelText('Amount (USD)'));
    await user.type(within(form).getByLabelText('Amount (USD)'), '560.01');
    await user.type(within(form).getByLabelText('Reason'), 'Too much');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByText('Enter an amount up to $560.00.')).toHaveClass('field-error');
    expect(within(form).getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('shows the API’s 422 beside the amount and loses nothing typed', async () => {
    const sent = serve({ amount: ['At most $20.00 is left to refund.'] });
    renderPortal('/admin/payments');
    const user = userEvent.setup();
    await user.click(within(await row()).getByRole('button', { name: 'Refund payment INV-000007' }));
    const form = screen.getByRole('form', { name: /Refund Ada Baker/ });
    await user.clear(within(form).getByLabelText('Amount (USD)'));
    await user.type(within(form).getByLabelText('Amount (USD)'), '100');
    await user.type(within(form).getByLabelText('Reason'), 'Half the package');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    const refusal = await within(form).findByText('At most $20.00 is left to refund.');
    expect(refusal).toHaveClass('field-error');
    expect(within(form).getByLabelText('Amount (USD)')).toHaveAccessibleDescription(
      'At most $20.00 is left to refund.',
    );
    expect(within(form).getByLabelText('Amount (USD)')).toHaveValue('100');
    expect(within(form).getByLabelText('Reason')).toHaveValue('Half the package');
    // Beside its field only: not toasted too.
    expect(screen.getAllByText('At most $20.00 is left to refund.')).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });
});
