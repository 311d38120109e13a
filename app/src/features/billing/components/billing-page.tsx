/**
 * /billing, "Plans and billing": what the client may buy (their coach's offerings and the tenant's),
 * what they bought with a subscription's cancel at period end and change of plan, their session credits and their
 * invoices as PDFs. Prices are the server's, in the tenant's currency. With the tenant's Stripe key, Buy opens
 * Stripe's card form (loaded here alone, lazily); without one, the page says how to pay the coach, and an admin
 * records the payment. After a card is accepted the page asks the API until the webhook has made it active.
 */
import { lazy, Suspense, useState } from 'react';
import { formatMoney } from '../../../../../contracts/billing';
import type { BillingPage as Page, Offering, Purchase } from '../../../../../contracts/rest/billing';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-errors';
import { displayZone, formatCalendarDate } from '@/lib/dates';
import { usePortal } from '@/lib/portal-context';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  buyOffering,
  downloadInvoice,
  useBilling,
  useCancelAtPeriodEnd,
  useChangePlan,
} from '../api/billing';
import { describeOffering, STATUS_WORDS } from './offering-words';
import './billing.css';
import { ScrollRegion } from '@/components/scroll-region';

const StripePaymentForm = lazy(() => import('@/components/stripe-payment-form'));

function Checkout({
  offering,
  publishableKey,
  onStarted,
  onPaid,
}: {
  offering: Offering;
  publishableKey: string;
  onStarted: (purchaseId: number) => void;
  onPaid: () => void;
}) {
  const amount = offering.instalment ?? offering.price;
  return (
    <section className="card payment-card" aria-labelledby={`pay-${offering.id}`}>
      <h3 id={`pay-${offering.id}`}>Pay for {offering.title}</h3>
      <p className="muted">Your card is handled by Stripe; this portal never sees its number.</p>
      <Suspense fallback={<p role="status">Loading the secure card form…</p>}>
        <StripePaymentForm
          publishableKey={publishableKey}
          amount={amount}
          currency={offering.currency}
          next="book"
          onPaid={onPaid}
          start={async (key) => {
            const started = await buyOffering(offering.id, key);
            onStarted(started.purchase.id);
            if (!started.payment) throw new Error('This portal does not take cards at the moment.');
            return started.payment;
          }}
        />
      </Suspense>
    </section>
  );
}

function OfflineOrder({ offering, instructions }: { offering: Offering; instructions: string | null }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [key] = useState(() => crypto.randomUUID());
  const order = async () => {
    setState('sending');
    try {
      await buyOffering(offering.id, key);
      setState('sent');
    } catch (error) {
      setState('idle');
      notify.error(errorMessage(error));
    }
  };
  return (
    <section className="card" aria-labelledby={`how-${offering.id}`}>
      <h3 id={`how-${offering.id}`}>How to pay for {offering.title}</h3>
      <p>{instructions ?? 'This portal does not take payments online. Ask your coach how to pay.'}</p>
      {state === 'sent' ? (
        <p role="status">
          <strong>Your order is noted.</strong> It becomes active when your payment has been recorded.
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          disabled={state === 'sending'}
          onClick={() => void order()}
        >
          {state === 'sending' ? 'Ordering…' : 'I will pay this way'}
        </button>
      )}
    </section>
  );
}

/** A card accepted by Stripe, until the webhook has settled the purchase (the page asks every 2 s). */
function PaymentOutcome({ status }: { status: Purchase['status'] | undefined }) {
  if (status === 'active' || status === 'completed')
    return (
      <p role="status">
        <strong>Paid.</strong> It is in your purchases below.
      </p>
    );
  if (status === 'failed')
    return <p role="alert">The payment did not go through: try again, or ask your coach.</p>;
  return (
    <p role="status">
      <span className="spinner spinner-inline" aria-hidden="true" /> Payment accepted. Confirming…
    </p>
  );
}

/** A subscription or plan of this offering that the client holds and that still runs (paid up or past due). */
const holds = (page: Page, offeringId: number): boolean =>
  page.purchases.some(
    (p) =>
      p.offering.id === offeringId &&
      (p.subscription?.status === 'active' || p.subscription?.status === 'past_due'),
  );

function Offerings({
  page,
  waitingFor,
  onStarted,
}: {
  page: Page;
  waitingFor: number | null;
  onStarted: (id: number) => void;
}) {
  const { stripePublishableKey } = usePortal().config.integrations;
  const [open, setOpen] = useState<number | null>(null);
  const [accepted, setAccepted] = useState(false);
  const cards = page.cards && stripePublishableKey ? stripePublishableKey : null;
  if (page.offerings.length === 0)
    return <p className="card empty-state muted">Nothing is on offer to you at the moment.</p>;
  return (
    <ul className="offering-list" aria-label="Plans open to you">
      {page.offerings.map((o) => (
        <li key={o.id} className="card offering-card">
          <h3>{o.title}</h3>
          <p className="offering-price">
            <strong>{formatMoney(o.price, o.currency, 'en-US')}</strong>
            {o.kind === 'subscription' && (o.interval === 'quarter' ? ' a quarter' : ' a month')}
          </p>
          <p className="muted">{describeOffering(o)}</p>
          {o.description && <p>{o.description}</p>}
          {holds(page, o.id) ? (
            // The API refuses a second running subscription of one offering: say where the first one is.
            <p className="muted">You have this plan: see it under your purchases.</p>
          ) : open === o.id ? (
            accepted ? (
              <PaymentOutcome status={page.purchases.find((p) => p.id === waitingFor)?.status} />
            ) : cards ? (
              <Checkout
                offering={o}
                publishableKey={cards}
                onStarted={onStarted}
                onPaid={() => setAccepted(true)}
              />
            ) : (
              <OfflineOrder offering={o} instructions={page.offline_instructions} />
            )
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              aria-label={`Buy ${o.title}`}
              onClick={() => {
                setAccepted(false);
                setOpen(o.id);
              }}
            >
              Buy
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function SubscriptionActions({
  purchase,
  sub,
  page,
}: {
  purchase: Purchase;
  sub: NonNullable<Purchase['subscription']>;
  page: Page;
}) {
  const cancel = useCancelAtPeriodEnd();
  const change = useChangePlan();
  const [to, setTo] = useState('');
  const others = page.offerings.filter(
    (o) => o.kind === 'subscription' && o.id !== purchase.offering.id && o.currency === purchase.currency,
  );
  const ending = sub.cancel_at_period_end;
  return (
    <div className="subscription-actions">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(
            { id: purchase.id, cancel: !ending },
            {
              onSuccess: () =>
                notify.success(ending ? 'Your subscription goes on.' : 'It ends at the end of this period.'),
            },
          )
        }
      >
        {ending ? 'Keep my subscription' : 'Cancel at the end of this period'}
      </button>
      {others.length > 0 && !ending && (
        <form
          className="change-plan"
          onSubmit={(event) => {
            event.preventDefault();
            if (to)
              change.mutate(
                { id: purchase.id, offeringId: Number(to) },
                { onSuccess: () => notify.success('Your plan is changed. The difference is prorated.') },
              );
          }}
        >
          <label htmlFor={`change-${purchase.id}`}>Change to</label>
          <select id={`change-${purchase.id}`} value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">Choose a plan</option>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title} ({formatMoney(o.price, o.currency, 'en-US')})
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary" disabled={!to || change.isPending}>
            Change plan
          </button>
        </form>
      )}
    </div>
  );
}

function Purchases({ page, zone }: { page: Page; zone: string }) {
  if (page.purchases.length === 0)
    return <p className="card empty-state muted">You have not bought anything yet.</p>;
  return (
    <ul className="purchase-list" aria-label="Your purchases">
      {page.purchases.map((p) => {
        const sub = p.subscription;
        return (
          <li key={p.id} className="card">
            <h3>{p.offering.title}</h3>
            <p>
              {formatMoney(p.amount, p.currency, 'en-US')} ·{' '}
              <span className={`status status-${p.status}`}>{STATUS_WORDS[p.status]}</span>
              {p.paid_at && <> · paid {formatCalendarDate(p.paid_at, zone)}</>}
              {p.method === 'offline' && ' (recorded by your coaching business)'}
            </p>
            {sub && (
              <>
                <p>
                  {sub.status === 'past_due' ? (
                    <strong role="alert">
                      Your last payment did not go through.
                      {sub.grace_until &&
                        ` Booking stays open until ${formatCalendarDate(sub.grace_until, zone)}.`}
                    </strong>
                  ) : sub.cancel_at_period_end ? (
                    `Ends on ${formatCalendarDate(sub.current_period_end, zone)}.`
                  ) : (
                    `Renews on ${formatCalendarDate(sub.current_period_end, zone)}.`
                  )}
                </p>
                {(sub.status === 'active' || sub.status === 'past_due') && (
                  <SubscriptionActions purchase={p} sub={sub} page={page} />
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Credits({ page, zone }: { page: Page; zone: string }) {
  const { credits } = page;
  // When the page opened: a grant that ran out before it is marked expired.
  const [now] = useState(() => Date.now());
  return (
    <div className="card">
      <p className="credit-balance">
        <strong>{credits.available}</strong> {credits.available === 1 ? 'session credit' : 'session credits'}{' '}
        left
        {credits.next_expiry && <> · the next expire on {formatCalendarDate(credits.next_expiry, zone)}</>}
      </p>
      {credits.grants.length === 0 ? (
        <p className="muted">A package or subscription gives you credits to book sessions with.</p>
      ) : (
        <ScrollRegion label="Your credits, table">
          <table className="billing-table">
            <caption className="visually-hidden">Your credits</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Credits</th>
                <th scope="col">Used</th>
                <th scope="col">For</th>
                <th scope="col">Expires</th>
              </tr>
            </thead>
            <tbody>
              {credits.grants.map((g) => (
                <tr key={g.id}>
                  <td>
                    {g.source === 'adjustment'
                      ? `Adjustment: ${g.reason ?? ''}`
                      : g.source === 'renewal'
                        ? 'Renewal'
                        : 'Purchase'}
                  </td>
                  <td>{g.quantity}</td>
                  <td>{g.used}</td>
                  <td>{g.meeting_type?.title ?? 'Any session'}</td>
                  <td>
                    {g.expires_at
                      ? `${Date.parse(g.expires_at) <= now ? 'Expired ' : ''}${formatCalendarDate(g.expires_at, zone)}`
                      : 'Never'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}

function Invoices({ page, zone }: { page: Page; zone: string }) {
  const [busy, setBusy] = useState<number | null>(null);
  if (page.invoices.length === 0) return <p className="card empty-state muted">No invoices yet.</p>;
  return (
    <ScrollRegion className="card" label="Your invoices, table">
      <table className="billing-table">
        <caption className="visually-hidden">Your invoices</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Date</th>
            <th scope="col">Total</th>
            <th scope="col">PDF</th>
          </tr>
        </thead>
        <tbody>
          {page.invoices.map((i) => (
            <tr key={i.id}>
              <td>
                {i.number}
                {i.kind === 'credit_note' && ' (credit note)'}
              </td>
              <td>{formatCalendarDate(i.issued_at, zone)}</td>
              <td>{formatMoney(i.total, i.currency, 'en-US')}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-link"
                  aria-label={`Download ${i.number} (PDF)`}
                  disabled={busy === i.id}
                  onClick={() => {
                    setBusy(i.id);
                    downloadInvoice(i.id, i.number)
                      .catch((error: unknown) => notify.error(errorMessage(error)))
                      .finally(() => setBusy(null));
                  }}
                >
                  {busy === i.id ? 'Downloading…' : 'Download'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export default function BillingPage() {
  const user = useUser();
  const zone = displayZone(user.time_zone);
  const [waitingFor, setWaitingFor] = useState<number | null>(null);
  const billing = useBilling(waitingFor);
  return (
    <PageFrame title="Plans and billing" className="billing-page">
      <QueryState query={billing} what="Your plans and billing">
        {(page) => (
          <>
            <section aria-labelledby="offers-title">
              <h2 id="offers-title">Plans open to you</h2>
              <Offerings page={page} waitingFor={waitingFor} onStarted={setWaitingFor} />
            </section>
            <section aria-labelledby="purchases-title">
              <h2 id="purchases-title">My purchases</h2>
              <Purchases page={page} zone={zone} />
            </section>
            <section aria-labelledby="credits-title">
              <h2 id="credits-title">My session credits</h2>
              <Credits page={page} zone={zone} />
            </section>
            <section aria-labelledby="invoices-title">
              <h2 id="invoices-title">My invoices</h2>
              <Invoices page={page} zone={zone} />
            </section>
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
