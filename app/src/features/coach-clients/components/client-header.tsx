import { useEffect, useState } from 'react';
import { formatDateTime, zoneName } from '@/lib/dates';
import type { ClientPageData } from '../api/get-client';

/** The time now, again each minute: the client's local time stays right while the page is open. */
function useMinute(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Who the client is: name, company, email, time zone and their local time now (when they have a zone). */
export function ClientHeader({ client }: { client: ClientPageData['client'] }) {
  const now = useMinute();
  const name = `${client.first_name} ${client.last_name}`;
  return (
    <header className="client-header card">
      <h1 id="page-title" className="page-title">
        {name}
      </h1>
      <dl className="client-facts">
        <div>
          <dt>Company</dt>
          <dd>{client.company?.name ?? 'No company'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${client.email}`}>{client.email}</a>
          </dd>
        </div>
        <div>
          <dt>Time zone</dt>
          <dd>{client.time_zone ? zoneName(client.time_zone) : 'Not set'}</dd>
        </div>
        {client.time_zone && (
          <div>
            <dt>Their time now</dt>
            <dd data-testid="client-local-time">{formatDateTime(now, client.time_zone)}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}
