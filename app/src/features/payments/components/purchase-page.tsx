/**
 * /groups/{groupid}/purchase: joining a paid group. The price shown is the server's (studentpaid), and so is
 * the amount charged (create-intent). Without the tenant's publishable key the page offers no payment: it
 * says how to join (through the coach) before anything is clicked; with it, the card form (and Stripe with it) loads here and nowhere else. Paid is set only by
 * Stripe's verified webhook, so after the card is accepted the page asks the API until it says paid.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { NotFoundState } from '@/components/refused-state';
import { paths } from '@/config/paths';
import { usePortal } from '@/lib/portal-context';
import { routeId } from '@/lib/route-id';
import { notify } from '@/lib/toast';
import { createIntent } from '../api/create-intent';
import { useMailReceipt } from '../api/mail-receipt';
import { usePurchase, type Purchase } from '../api/get-purchase';
import { formatPrice } from './format-price';
import './payments.css';
import { PageFrame } from '@/components/page-frame';

const StripePaymentForm = lazy(() => import('@/components/stripe-payment-form'));

export const NOT_CONFIGURED =
  'This portal does not take payments online. To join this group, contact your coach: they will enrol you.';
export const RECEIPT_SENT = 'Your receipt has been sent to your email';

function Enrolled({ purchase }: { purchase: Purchase }) {
  const receipt = useMailReceipt();
  return (
    <div className="card" role="status">
      <p>
        <strong>You are enrolled.</strong> Your payment for {purchase.title} was received.
      </p>
      <p>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={receipt.isPending || receipt.isSuccess}
          onClick={() => receipt.mutate(purchase.group_id, { onSuccess: () => notify.success(RECEIPT_SENT) })}
        >
          {receipt.isSuccess ? 'Receipt sent' : 'Email me a receipt'}
        </button>{' '}
        <Link to={paths.groups}>Go to My Groups</Link>
      </p>
    </div>
  );
}

function Checkout({ purchase, onPaid }: { purchase: Purchase; onPaid: () => void }) {
  const { stripePublishableKey } = usePortal().config.integrations;
  if (!stripePublishableKey)
    return (
      <section className="card" aria-labelledby="how-to-join-title">
        <h2 id="how-to-join-title">How to join</h2>
        <p>{NOT_CONFIGURED}</p>
        <p className="button-row">
          <Link className="btn btn-primary" to={paths.messagesCompose}>
            Message your coach
          </Link>
          <Link to={paths.coachProfile}>Your coach&apos;s contact details</Link>
        </p>
      </section>
    );
  return (
    <section className="card payment-card" aria-labelledby="card-details-title">
      <h2 id="card-details-title">Card details</h2>
      <p className="muted">Your card is handled by Stripe; this portal never sees its number.</p>
      <Suspense fallback={<p role="status">Loading the secure card form…</p>}>
        <StripePaymentForm
          publishableKey={stripePublishableKey}
          start={(key) => createIntent(purchase.group_id, key)}
          next="groups"
          amount={purchase.amount}
          currency={purchase.currency}
          onPaid={onPaid}
        />
      </Suspense>
    </section>
  );
}

export default function PurchasePage() {
  const groupId = routeId(useParams().groupid);
  if (groupId === null)
    return (
      <PageFrame title="Join a group" className="purchase-page">
        <NotFoundState subject="group" back={{ to: paths.groups, label: 'See all your groups' }} />
      </PageFrame>
    );
  return <GroupPurchase groupId={groupId} />;
}

function GroupPurchase({ groupId }: { groupId: number }) {
  // Back from a bank's page (3-D Secure), Stripe adds redirect_status to the return URL.
  const [search] = useSearchParams();
  const [accepted, setAccepted] = useState(search.get('redirect_status') === 'succeeded');
  const purchase = usePurchase(groupId, accepted);

  const content = (
    <QueryState query={purchase} what="This group">
      {(group) =>
        group.paid ? (
          <Enrolled purchase={group} />
        ) : group.amount === 0 ? (
          <p className="card empty-state">This group is free: it needs no payment.</p>
        ) : accepted ? (
          <p className="card" role="status">
            <span className="spinner spinner-inline" aria-hidden="true" /> Payment accepted. Confirming your
            place…
          </p>
        ) : (
          <Checkout purchase={group} onPaid={() => setAccepted(true)} />
        )
      }
    </QueryState>
  );

  return (
    <PageFrame
      title={purchase.data ? `Join ${purchase.data.title}` : 'Join a group'}
      className="purchase-page"
    >
      {purchase.data && !purchase.data.paid && purchase.data.amount > 0 && (
        <p>
          Price: <strong>{formatPrice(purchase.data.amount, purchase.data.currency)}</strong>
        </p>
      )}
      {content}
    </PageFrame>
  );
}
