/**
 * A client's billing on the admin's person page: their session credits with an adjustment up or down and its
 * reason (audited), and a payment made outside the portal (a bank transfer, cash) recorded against one of the
 * tenant's offerings, which gives its invoice and credits as a card payment does. Its own requests: a failure here
 * leaves the rest of the page as it is; a refusal keeps what was typed.
 */
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../../contracts/billing';
import { FormButtons } from '@/components/form-buttons';
import { errorMessage } from '@/lib/api-errors';
import { currentDay, displayZone, formatCalendarDate } from '@/lib/dates';
import { toMinorUnits } from '@/lib/money-input';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  useAdjustCredits,
  useAdminCredits,
  useAdminOfferings,
  useRecordOfflinePayment,
} from '../api/client-billing';

function AdjustCredits({ clientId }: { clientId: number }) {
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const adjust = useAdjustCredits(clientId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = /^-?\d{1,3}$/.test(quantity.trim()) ? Number(quantity) : NaN;
    if (!Number.isInteger(n) || n === 0 || Math.abs(n) > 100)
      return setProblem('Enter how many credits to add (like 2) or take away (like -1), up to 100.');
    if (!reason.trim()) return setProblem('Say why: it goes in the audit log.');
    setProblem(null);
    adjust.mutate(
      { quantity: n, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success('The credits were adjusted.');
          setQuantity('');
          setReason('');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <form className="admin-form" aria-labelledby="adjust-title" onSubmit={submit} noValidate>
      <h3 id="adjust-title">Adjust credits</h3>
      <div className="field">
        <label htmlFor="adjust-quantity">Credits (negative to take away)</label>
        <input
          id="adjust-quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="adjust-reason">Reason</label>
        <input
          id="adjust-reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <FormButtons submitLabel="Adjust" pendingLabel="Adjusting…" pending={adjust.isPending} />
    </form>
  );
}

function OfflinePayment({ clientId, zone }: { clientId: number; zone: string }) {
  const offerings = useAdminOfferings();
  const record = useRecordOfflinePayment(clientId);
  const [offeringId, setOfferingId] = useState('');
  const [paidOn, setPaidOn] = useState(() => currentDay(zone));
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = offerings.data?.find((o) => String(o.id) === offeringId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setProblem('Choose what was paid for.');
    const minor = amount.trim() ? toMinorUnits(amount, chosen.currency) : null;
    if (amount.trim() && (minor === null || minor < 1))
      return setProblem('Enter the amount paid, or leave it empty.');
    setProblem(null);
    record.mutate(
      { offering_id: chosen.id, paid_on: paidOn, note: note.trim(), ...(minor ? { amount: minor } : {}) },
      {
        onSuccess: (payment) => {
          notify.success(
            `The payment was recorded${payment.invoice ? ` with invoice ${payment.invoice.number}` : ''}.`,
          );
          setOfferingId('');
          setAmount('');
          setNote('');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <form className="admin-form" aria-labelledby="offline-title" onSubmit={submit} noValidate>
      <h3 id="offline-title">Record a payment made outside the portal</h3>
      <div className="field">
        <label htmlFor="offline-offering">Paid for</label>
        <select id="offline-offering" value={offeringId} onChange={(e) => setOfferingId(e.target.value)}>
          <option value="">{offerings.isPending ? 'Loading the offerings…' : 'Choose an offering'}</option>
          {(offerings.data ?? [])
            .filter((o) => o.active)
            .map((o) => (
              <option key={o.id} value={o.id}>
                {o.title} ({formatMoney(o.instalment ?? o.price, o.currency, 'en-US')})
              </option>
            ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="offline-date">Paid on</label>
        <input id="offline-date" type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="offline-amount">
          Amount{chosen ? ` (${chosen.currency.toUpperCase()})` : ''}: empty for the offering&apos;s price
        </label>
        <input
          id="offline-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="offline-note">Note</label>
        <input id="offline-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <FormButtons submitLabel="Record payment" pendingLabel="Recording…" pending={record.isPending} />
    </form>
  );
}

export function ClientBilling({ clientId }: { clientId: number }) {
  const zone = displayZone(useUser().time_zone);
  const credits = useAdminCredits(clientId);
  let balance;
  if (credits.isPending) balance = <p role="status">Loading the credits…</p>;
  else if (credits.isError)
    balance = (
      <p role="alert">
        The credits could not be loaded.{' '}
        <button type="button" className="btn" onClick={() => void credits.refetch()}>
          Try again
        </button>
      </p>
    );
  else
    balance = (
      <p>
        <strong>{credits.data.available}</strong> session{' '}
        {credits.data.available === 1 ? 'credit' : 'credits'} left
        {credits.data.next_expiry && (
          <> · the next expire on {formatCalendarDate(credits.data.next_expiry, zone)}</>
        )}
      </p>
    );
  return (
    <section className="card" aria-labelledby="billing-title">
      <h2 id="billing-title">Billing</h2>
      {balance}
      <AdjustCredits clientId={clientId} />
      <OfflinePayment clientId={clientId} zone={zone} />
    </section>
  );
}
