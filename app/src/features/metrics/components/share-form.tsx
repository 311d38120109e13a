import { EmailShareForm } from '@/components/email-share-form';
import { useShareMetrics } from '../api/share-metrics';
import { sharedMessage } from './messages';

/** Mails the metrics: to the coach when the address is left empty (what sharing usually means here), or to it. */
export function ShareForm() {
  const share = useShareMetrics();
  return (
    <EmailShareForm
      className="card"
      title="Share your metrics"
      heading="h2"
      sendLabel="Send by email"
      emptyHint="Leave it empty to send them to your coach."
      share={share.mutateAsync}
      pending={share.isPending}
      sentMessage={sharedMessage}
    />
  );
}
