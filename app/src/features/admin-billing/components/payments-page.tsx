/**
 * /admin/payments: the tenant's payments newest first, 50 at a time, the months' CSV (formula-safe),
 * each invoice's PDF, and a refund with its reason (audited; a credit note, the purchase's unspent credits taken
 * back). The refund's amount is typed in the currency's major units and sent in minor units; what is refused
 * keeps what was typed.
 */
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../../contracts/billing';
import type { Payment } from '../../../../../contracts/rest/billing';
import { FormButtons } from '@/components/form-buttons';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-errors';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { displayZone, formatCalendarDate } from '@/lib/dates';
import { toMajorText, toMinorUnits } from '@/lib/money-input';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  downloadAdminInvoice,
  downloadPaymentsCsv,
  usePayments,
  useRefund,
  type MonthRange,
} from '../api/reports';
import { MonthRangeForm } from './month-range-form';
import './admin-billing.css';
import { ScrollRegion } from '@/components/scroll-region';

function RefundForm({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  const left = payment.amount - payment.refunded_amount;
  const [amount, setAmount] = useState(toMajorText(left, payment.currency));
  const [reason, setReason] = useState('');
  // Each refusal beside its field; `form` for one that names no field (a failed call, a refused Stripe refund).
  const [problems, setProblems] = useState<FieldErrors<'amount' | 'reason' | 'form'>>({});
  const refund = useRefund();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = toMinorUnits(amount, payment.currency);
    const found: typeof problems = {};
    if (minor === null || minor < 1 || minor > left)
      found.amount = `Enter an amount up to ${formatMoney(left, payment.currency, 'en-US')}.`;
    if (!reason.trim()) found.reason = 'Say why the money goes back.';
    setProblems(found);
    if (minor === null || Object.keys(found).length > 0) return;
    refund.mutate(
      { id: payment.id, amount: minor, reason: reason.trim() },
      {
        onSuccess: (done) => {
          notify.success(`Refunded. Credit note ${done.credit_note.number} issued.`);
          onDone();
        },
        onError: (error) => {
          const byField = fieldErrorsOf<'amount' | 'reason'>(error);
          setProblems(Object.keys(byField).length > 0 ? byField : { form: errorMessage(error) });
        },
      },
    );
  };
  const id = `refund-${payment.id}`;
  return (
    <form className="refund-form card" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>
        Refund {payment.client.first_name} {payment.client.last_name}: {payment.offering.title}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount ({payment.currency.toUpperCase()})</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={problems.amount !== undefined}
          {...(problems.amount && { 'aria-describedby': `${id}-amount-error` })}
        />
        {problems.amount && (
          <p id={`${id}-amount-error`} className="field-error">
            {problems.amount}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={problems.reason !== undefined}
          {...(problems.reason && { 'aria-describedby': `${id}-reason-error` })}
        />
        {problems.reason && (
          <p id={`${id}-reason-error`} className="field-error">
            {problems.reason}
          </p>
        )}
      </div>
      {problems.form && (
        <p className="field-error" role="alert">
          {problems.form}
        </p>
      )}
      <FormButtons
        submitLabel="Refund"
        pendingLabel="Refunding…"
        pending={refund.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

function PaymentRow({ payment, zone }: { payment: Payment; zone: string }) {
  const [refunding, setRefunding] = useState(false);
  const money = (n: number) => formatMoney(n, payment.currency, 'en-US');
  const left = payment.amount - payment.refunded_amount;
  const invoice = payment.invoice;
  return (
    <>
      <tr>
        <td className="nowrap">{formatCalendarDate(payment.paid_at, zone)}</td>
        <td>
          {payment.client.first_name} {payment.client.last_name}
        </td>
        <td>{payment.offering.title}</td>
        <td>{payment.coach?.name ?? 'Tenant-wide'}</td>
        <td>{payment.method === 'stripe' ? 'Card' : 'Offline'}</td>
        <td className="amount">{money(payment.amount)}</td>
        <td className="amount">{payment.refunded_amount ? money(payment.refunded_amount) : ''}</td>
        <td className="nowrap">
          {invoice && (
            <button
              type="button"
              className="btn btn-link"
              aria-label={`Download invoice ${invoice.number} (PDF)`}
              onClick={() =>
                void downloadAdminInvoice(invoice.id, invoice.number).catch((error: unknown) =>
                  notify.error(errorMessage(error)),
                )
              }
            >
              {invoice.number}
            </button>
          )}
        </td>
        <td>
          {left > 0 && !refunding && (
            <button
              type="button"
              className="btn btn-secondary"
              aria-label={`Refund payment ${payment.invoice?.number ?? payment.id}`}
              onClick={() => setRefunding(true)}
            >
              Refund
            </button>
          )}
        </td>
      </tr>
      {refunding && (
        <tr>
          <td colSpan={9}>
            <RefundForm payment={payment} onDone={() => setRefunding(false)} />
          </td>
        </tr>
      )}
    </>
  );
}

export default function PaymentsPage() {
  const user = useUser();
  const zone = displayZone(user.time_zone);
  const [range, setRange] = useState<MonthRange | null>(null);
  const payments = usePayments(range);
  const [exporting, setExporting] = useState(false);
  const rows = payments.data?.pages.flatMap((p) => p.rows);
  return (
    <PageFrame title="Payments" className="admin-billing-page">
      <MonthRangeForm
        initial={null}
        onChoose={(chosen, event) => {
          event.preventDefault();
          setRange(chosen);
        }}
      />
      <p className="button-row">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={exporting}
          onClick={() => {
            setExporting(true);
            downloadPaymentsCsv(range)
              .catch((error: unknown) => notify.error(errorMessage(error)))
              .finally(() => setExporting(false));
          }}
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </p>
      <QueryState
        query={{ ...payments, data: rows }}
        what="The payments"
        empty="No payments in these months."
      >
        {(list) => (
          <ScrollRegion className="card" label="Payments table">
            <table className="billing-table">
              <caption className="visually-hidden">Payments, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Paid</th>
                  <th scope="col">Client</th>
                  <th scope="col">Offering</th>
                  <th scope="col">Coach</th>
                  <th scope="col">Method</th>
                  <th scope="col" className="amount">
                    Amount
                  </th>
                  <th scope="col" className="amount">
                    Refunded
                  </th>
                  <th scope="col">Invoice</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <PaymentRow key={p.id} payment={p} zone={zone} />
                ))}
              </tbody>
            </table>
            {payments.hasNextPage && (
              <p>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={payments.isFetchingNextPage}
                  onClick={() => void payments.fetchNextPage()}
                >
                  {payments.isFetchingNextPage ? 'Loading…' : 'Show older payments'}
                </button>
              </p>
            )}
          </ScrollRegion>
        )}
      </QueryState>
    </PageFrame>
  );
}
