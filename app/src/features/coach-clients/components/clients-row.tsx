import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { fullName } from '@/lib/user';
import type { CoachClientRow } from '../api/get-clients';

/** One client as a single link (a keyboard user tabs from client to client), their counts inside it. */
export function ClientsRow({ client, zone }: { client: CoachClientRow; zone: string }) {
  const { unread, open_steps, overdue } = client.counts;
  return (
    <li>
      <Link className="card clients-row" to={paths.coachClient(client.id)}>
        <span className="clients-who">
          <span className="clients-name">{fullName(client)}</span>
          <span className="muted">{client.company?.name ?? 'No company'}</span>
          <span className="muted clients-email">{client.email}</span>
        </span>
        <span className="clients-counts">
          <span className={unread > 0 ? 'clients-count clients-count-on' : 'clients-count'}>
            {unread} unread
          </span>
          <span className="clients-count">{open_steps} open steps</span>
          <span className={overdue > 0 ? 'clients-count clients-count-late' : 'clients-count'}>
            {overdue} overdue
          </span>
        </span>
        <span className="clients-next">
          {client.next_meeting_at ? (
            <>
              Next meeting{' '}
              <time dateTime={client.next_meeting_at}>{formatDateTime(client.next_meeting_at, zone)}</time>
            </>
          ) : (
            <span className="muted">No meeting booked</span>
          )}
        </span>
      </Link>
    </li>
  );
}
