/**
 * The card form: Stripe Elements with the tenant's publishable key. This file is the only one that imports
 * Stripe, and it is loaded only by the payment page of a tenant with a key, so no other page (the login route
 * least of all) carries Stripe's code or contacts its hosts. Stripe.js comes from js.stripe.com, as Stripe
 * requires; the tenant's CSP allows that host only when the tenant has a key. The form is Stripe's deferred
 * intent flow (a group's place, features/payments; an offering, features/billing): the PaymentIntent is created (by the server, from the group's or the offering's price) only when
 * the client pays: `start` asks the API for it with the attempt's key.
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-errors';
import { AgreementDue, agreementDue } from '@/components/agreement-due';
import { formatMoney } from '../../../contracts/billing';
import { FormButtons } from '@/components/form-buttons';

interface FormProps {
  /** Asks the API for the PaymentIntent of this attempt (the key: a retry gets the same one). */
  start: (idempotencyKey: string) => Promise<{ client_secret: string }>;
  amount: number;
  currency: string;
  onPaid: () => void;
  /** Where the agreement's signing leads back to when the portal wants it signed first. */
  next: 'book' | 'groups';
}

function CheckoutForm({ start, amount, currency, onPaid, next }: FormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);
  // A portal that asks for a signed agreement first: the refusal, with the way to sign, instead of a problem.
  const [unsigned, setUnsigned] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per purchase attempt on this page: a retry after a failure gets the same PaymentIntent.
  const attempt = useRef(crypto.randomUUID());

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const checked = await elements.submit();
      if (checked.error) return setProblem(checked.error.message ?? 'Check your card details.');
      const intent = await start(attempt.current);
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: intent.client_secret,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) return setProblem(result.error.message ?? 'The payment did not go through.');
      onPaid();
    } catch (error) {
      // The API's refusal was a toast already (the API client's error handling); say it here too, next to the button.
      const due = agreementDue(error);
      if (due) setUnsigned(due);
      else setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void pay(event)} className="payment-form">
      <PaymentElement />
      {unsigned && <AgreementDue message={unsigned} next={next} />}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <FormButtons
        submitLabel={`Pay ${formatMoney(amount, currency, 'en-US')}`}
        pendingLabel="Paying…"
        pending={busy}
        disabled={!stripe}
      />
    </form>
  );
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; stripe: Stripe };

export default function StripePaymentForm({
  publishableKey,
  ...form
}: FormProps & { publishableKey: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [tries, setTries] = useState(0);
  useEffect(() => {
    let live = true;
    loadStripe(publishableKey).then(
      (stripe) => live && setLoaded(stripe ? { state: 'ready', stripe } : { state: 'failed' }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, tries]);

  if (loaded.state === 'loading')
    return (
      <p role="status">
        <span className="spinner spinner-inline" aria-hidden="true" /> Loading the secure card form…
      </p>
    );
  if (loaded.state === 'failed')
    return (
      <div role="alert">
        <p>The secure card form could not be loaded. Check your connection and try again.</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setLoaded({ state: 'loading' });
            setTries((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  return (
    <Elements
      stripe={loaded.stripe}
      options={{ mode: 'payment', amount: form.amount, currency: form.currency }}
    >
      <CheckoutForm {...form} />
    </Elements>
  );
}
