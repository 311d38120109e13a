/**
 * /admin/webhooks/:id: one endpoint: the events it hears, enabling and disabling it, a new signing secret (after a
 * confirmation; shown once, the old one signing too for a day), deleting it (after a confirmation), and its delivery history with "Send again". Another tenant's or
 * an unknown id is the API's 404 and a not-found state here.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { statusOf } from '@/lib/api-call';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormButtons } from '@/components/form-buttons';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { displayZone, formatDateTime } from '@/lib/dates';
import { routeId } from '@/lib/route-id';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useChangeWebhook } from '../api/change-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhook } from '../api/get-webhook';
import type { WebhookEndpoint, WebhookEvents } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { webhookProblems } from './add-webhook-form';
import { DeliveryHistory } from './delivery-history';
import { EventsFieldset } from './events-fieldset';
import { SecretOnce } from './secret-once';
import './webhooks.css';

/** How long the old secret keeps signing after a rotation (the API's SECRET_GRACE_MS). */
const GRACE = '24 hours';

const back = (
  <p>
    <Link to={paths.adminWebhooks}>Back to the webhooks</Link>
  </p>
);

function EventsForm({ endpoint }: { endpoint: WebhookEndpoint }) {
  const change = useChangeWebhook(endpoint.id);
  const [events, setEvents] = useState<WebhookEvents>(endpoint.events);
  const { errors, show, fromError } = useFieldErrors<'events'>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ events: webhookProblems(endpoint.url, events).events }, form)) return;
    await change.mutateAsync({ events }).then(
      () => notify.success('Events saved'),
      (error: unknown) => fromError(error, form),
    );
  };
  return (
    <form className="card webhook-form" noValidate onSubmit={(event) => void submit(event)}>
      <EventsFieldset value={events} onChange={setEvents} error={errors.events} />
      <FormButtons submitLabel="Save events" pending={change.isPending} />
    </form>
  );
}

function Endpoint({ endpoint, zone }: { endpoint: WebhookEndpoint; zone: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const change = useChangeWebhook(endpoint.id);
  const rotate = useRotateWebhookSecret(endpoint.id);
  const remove = useDeleteWebhook(endpoint.id);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);

  const toggle = () =>
    change.mutateAsync({ enabled: !endpoint.enabled }).then(
      (changed) => notify.success(changed.enabled ? 'Endpoint enabled' : 'Endpoint disabled'),
      () => undefined,
    );
  const newSecret = () =>
    rotate.mutateAsync().then(
      (rotated) => {
        setRotating(false);
        setSecret(rotated.secret);
      },
      () => setRotating(false),
    );
  const confirmDelete = () =>
    remove.mutateAsync().then(
      () => {
        notify.success('Endpoint deleted');
        void navigate(paths.adminWebhooks);
      },
      () => undefined,
    );

  return (
    <>
      <h1 id="page-title" className="page-title webhook-url">
        {endpoint.url}
      </h1>
      {back}
      <div className="card">
        <p>
          {endpoint.enabled
            ? 'Enabled: events are posted to this address.'
            : 'Disabled: no event is posted here until it is enabled again; deliveries already queued wait.'}
        </p>
        <p className="muted">
          Added {formatDateTime(endpoint.created_at, zone)}
          {endpoint.secret_rotated_at &&
            `; secret changed ${formatDateTime(endpoint.secret_rotated_at, zone)}`}
          .
        </p>
        {endpoint.old_secret_expires_at && (
          <p>
            The old secret signs deliveries too until {formatDateTime(endpoint.old_secret_expires_at, zone)}:
            give the receiving system the new one before then.
          </p>
        )}
        <div className="button-row">
          <button type="button" className="btn" disabled={change.isPending} onClick={() => void toggle()}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </button>
          <button type="button" className="btn" onClick={() => setRotating(true)}>
            New secret
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
        <p className="field-hint">
          A new secret signs beside the old one for {GRACE}, then alone: update the receiving system within
          that time.
        </p>
      </div>
      {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
      <EventsForm endpoint={endpoint} />
      <DeliveryHistory
        endpointId={endpoint.id}
        zone={zone}
        page={page}
        onPage={(next) => setSearch(next > 1 ? { page: String(next) } : {}, { replace: true })}
      />
      {rotating && (
        <ConfirmDialog
          title="Make a new secret?"
          text={`Deliveries are signed with both the new and the old secret for ${GRACE}, then with the new one only. Give the receiving system the new secret within that time, or it will refuse the deliveries.`}
          confirmLabel="Make a new secret"
          pendingLabel="Making..."
          pending={rotate.isPending}
          onConfirm={() => void newSecret()}
          onCancel={() => setRotating(false)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this endpoint?"
          text={`Nothing more is posted to ${endpoint.url}, and its delivery history is deleted with it.`}
          confirmLabel="Delete endpoint"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </>
  );
}

export default function WebhookPage() {
  const id = routeId(useParams().id);
  const user = useUser();
  const query = useWebhook(id);
  const status = statusOf(query.error);
  let body;
  if (query.data)
    body = <Endpoint key={query.data.id} endpoint={query.data} zone={displayZone(user.time_zone)} />;
  else if (id === null || status === 404)
    body = (
      <div className="card empty-state" role="status">
        <h2>Endpoint not found</h2>
        <p>There is no such webhook endpoint: the link may be mistyped, or it was deleted.</p>
        {back}
      </div>
    );
  else if (query.isError)
    body = <LoadFailed what="This endpoint" error={query.error} retry={query.refetch} />;
  else body = <PageLoading />;
  return (
    <section className="page admin-webhooks" aria-labelledby="page-title">
      {!query.data && (
        <h1 id="page-title" className="page-title">
          Webhook
        </h1>
      )}
      {body}
    </section>
  );
}
