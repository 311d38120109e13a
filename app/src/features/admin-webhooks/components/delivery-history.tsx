import { QueryState } from '@/components/query-state';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useDeliveries, type Delivery } from '../api/get-deliveries';
import { useSendAgain } from '../api/send-again';
import { STATUS_LABELS } from './labels';

const lastAnswer = (d: Delivery) =>
  d.last_status_code !== null ? `HTTP ${d.last_status_code}` : (d.last_error ?? 'Not tried yet');

function DeliveryRow({
  delivery,
  zone,
  endpointId,
}: {
  delivery: Delivery;
  zone: string;
  endpointId: number;
}) {
  const again = useSendAgain(endpointId);
  const resend = () =>
    again.mutateAsync(delivery.id).then(
      () => notify.success('Sending again'),
      () => undefined,
    );
  return (
    <li className="card webhook-delivery">
      <div className="webhook-delivery-head">
        <h3>
          <code>{delivery.type}</code>
        </h3>
        <span className={`webhook-status webhook-status-${delivery.status}`}>
          {STATUS_LABELS[delivery.status]}
        </span>
      </div>
      <dl className="webhook-facts">
        <dt>Event id</dt>
        <dd>
          <code>{delivery.event_id}</code>
        </dd>
        <dt>Attempts</dt>
        <dd>{delivery.attempts}</dd>
        <dt>Last answer</dt>
        <dd>{lastAnswer(delivery)}</dd>
        {delivery.last_attempt_at && (
          <>
            <dt>Last try</dt>
            <dd>{formatDateTime(delivery.last_attempt_at, zone)}</dd>
          </>
        )}
        {delivery.status === 'pending' && delivery.next_attempt_at && (
          <>
            <dt>Next try</dt>
            <dd>{formatDateTime(delivery.next_attempt_at, zone)}</dd>
          </>
        )}
      </dl>
      {delivery.status !== 'pending' && (
        <button type="button" className="btn" disabled={again.isPending} onClick={() => void resend()}>
          {again.isPending ? 'Sending...' : 'Send again'}
          <span className="visually-hidden">{` ${delivery.type} ${delivery.event_id}`}</span>
        </button>
      )}
    </li>
  );
}

/** An endpoint's deliveries, newest first, 20 a page, each with its status and "Send again" once settled. */
export function DeliveryHistory({
  endpointId,
  zone,
  page,
  onPage,
}: {
  endpointId: number;
  zone: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const deliveries = useDeliveries(endpointId, page);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="webhook-heading">
        Delivery history
      </h2>
      <QueryState
        query={deliveries}
        what="The delivery history"
        empty="Nothing delivered yet: events will show here as they are sent."
        isEmpty={(data) => data.total === 0}
      >
        {(data) => (
          <>
            <ul className="webhook-deliveries" aria-label="Deliveries">
              {data.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} zone={zone} endpointId={endpointId} />
              ))}
            </ul>
            {data.pages > 1 && (
              <nav className="button-row webhook-pager" aria-label="Delivery pages">
                <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                  Newer
                </button>
                <span>
                  Page {data.page} of {data.pages}
                </span>
                <button
                  type="button"
                  className="btn"
                  disabled={page >= data.pages}
                  onClick={() => onPage(page + 1)}
                >
                  Older
                </button>
              </nav>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
