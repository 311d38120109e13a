/**
 * /coach/requests: the tickets, testimonials and referrals of the coach's clients in one list, newest first,
 * narrowed by kind and status (kept in the address); each row changes its status, a testimonial's approval,
 * and answers the client by mail (./request-card).
 */
import { useSearchParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { displayZone } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { useRequests, type RequestKind, type RequestStatus } from '../api/get-requests';
import { KIND_LABELS, STATUS_LABELS } from './labels';
import { FilterSelect } from './filter-select';
import { RequestCard } from './request-card';
import './requests.css';
import { PageFrame } from '@/components/page-frame';

const isKind = (value: string | null): value is RequestKind => value !== null && value in KIND_LABELS;
const isStatus = (value: string | null): value is RequestStatus => value !== null && value in STATUS_LABELS;

export default function RequestsPage() {
  const user = useUser();
  const requests = useRequests();
  const [search, setSearch] = useSearchParams();
  const kind = search.get('kind');
  const status = search.get('status');
  const shownKind = isKind(kind) ? kind : null;
  const shownStatus = isStatus(status) ? status : null;
  const zone = displayZone(user.time_zone);

  const filter = (name: 'kind' | 'status', value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  return (
    <PageFrame title="Requests">
      <div className="requests-filters">
        <FilterSelect
          label="Kind"
          allLabel="All kinds"
          options={KIND_LABELS}
          value={shownKind}
          onChange={(value) => filter('kind', value)}
        />
        <FilterSelect
          label="Status"
          allLabel="Any status"
          options={STATUS_LABELS}
          value={shownStatus}
          onChange={(value) => filter('status', value)}
        />
      </div>
      <QueryState query={requests} what="Your clients' requests" empty="No requests from your clients yet.">
        {(rows) => {
          const shown = rows.filter(
            (row) => (!shownKind || row.kind === shownKind) && (!shownStatus || row.status === shownStatus),
          );
          if (shown.length === 0)
            return <p className="card empty-state muted">No requests match these filters.</p>;
          return (
            <ul className="requests" aria-label="Requests">
              {shown.map((row) => (
                <li key={`${row.kind}-${row.id}`}>
                  <RequestCard row={row} zone={zone} />
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </PageFrame>
  );
}
