/**
 * /admin/webhooks: the endpoints the tenant's own systems receive events at, and the form that adds one; the
 * new endpoint's signing secret is shown once, right here, with a link to its page (events, history).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useWebhooks, type ListedEndpoint, type WithSecret } from '../api/get-webhooks';
import { AddWebhookForm } from './add-webhook-form';
import { SecretOnce } from './secret-once';
import './webhooks.css';
import { PageFrame } from '@/components/page-frame';

const eventsSummary = (endpoint: ListedEndpoint) =>
  endpoint.events === 'all'
    ? 'All events'
    : `${endpoint.events.length} event${endpoint.events.length === 1 ? '' : 's'}`;

function EndpointRow({ endpoint }: { endpoint: ListedEndpoint }) {
  return (
    <Link className="card webhook-row" to={paths.adminWebhook(endpoint.id)}>
      <span className="webhook-url">{endpoint.url}</span>
      <span className="muted">
        {eventsSummary(endpoint)} · {endpoint.enabled ? 'Enabled' : 'Disabled'}
        {endpoint.failed > 0 && ` · ${endpoint.failed} failed`}
      </span>
    </Link>
  );
}

export default function WebhooksPage() {
  const webhooks = useWebhooks();
  const [added, setAdded] = useState<WithSecret | null>(null);
  return (
    <PageFrame title="Webhooks" className="admin-webhooks">
      <p className="muted">
        Your own systems hear what happens in the portal: each event is posted to your endpoints as JSON,
        signed with the endpoint&apos;s secret, and tried again for three days until it is received.
      </p>
      {added && (
        <>
          <SecretOnce secret={added.secret} onDone={() => setAdded(null)} />
          <p>
            <Link to={paths.adminWebhook(added.endpoint.id)}>Open the new endpoint</Link>
          </p>
        </>
      )}
      <h2 className="webhook-heading">Endpoints</h2>
      <QueryState
        query={webhooks}
        what="The webhook endpoints"
        empty="No endpoints yet: add the first one below."
      >
        {(endpoints) => (
          <ul className="webhook-list" aria-label="Endpoints">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointRow endpoint={endpoint} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <AddWebhookForm onAdded={setAdded} />
    </PageFrame>
  );
}
