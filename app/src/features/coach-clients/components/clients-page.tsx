/**
 * /coach/clients: the coach's clients, searched by name, company or email and sorted by the API, each row a
 * link to the client's page. Search and sort are kept in the address (./clients-search).
 */
import { Field, SelectField } from '@/components/field';
import { QueryState } from '@/components/query-state';
import { ZoneNote } from '@/components/zone-note';
import { displayZone } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { CLIENT_SORTS, useClients, type ClientSort } from '../api/get-clients';
import { ClientsRow } from './clients-row';
import { useClientsSearch } from './clients-search';
import './clients.css';
import { PageFrame } from '@/components/page-frame';

const SORT_LABELS: Record<ClientSort, string> = {
  name: 'Name',
  company: 'Company',
  unread: 'Unread messages',
  overdue: 'Overdue steps',
  next_meeting: 'Next meeting',
};

const plural = (count: number) => `${count} ${count === 1 ? 'client' : 'clients'}`;

export default function ClientsPage() {
  const user = useUser();
  const zone = displayZone(user.time_zone);
  const { query, typed, setTyped, setSort, setOrder, clear } = useClientsSearch();
  const clients = useClients(query);
  const list = { ...clients, data: clients.data?.data };
  const total = plural(clients.data?.total ?? 0);

  return (
    <PageFrame title="Clients" className="clients-page">
      <form className="card clients-controls" role="search" onSubmit={(event) => event.preventDefault()}>
        <Field
          label="Search"
          type="search"
          value={typed}
          placeholder="Name, company or email"
          maxLength={100}
          onChange={(event) => setTyped(event.target.value)}
        />
        <SelectField label="Sort by" value={query.sort} onChange={(event) => setSort(event.target.value)}>
          {CLIENT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Order" value={query.order} onChange={(event) => setOrder(event.target.value)}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </SelectField>
      </form>
      <QueryState
        query={list}
        what="Your clients"
        empty={
          query.search ? (
            <div className="card empty-state">
              <p>No client matches “{query.search}”.</p>
              <button type="button" className="btn btn-secondary" onClick={clear}>
                Clear the search
              </button>
            </div>
          ) : (
            'No clients are assigned to you yet.'
          )
        }
      >
        {(rows) => (
          <>
            <p className="clients-total" role="status">
              {query.search ? `${total} found` : total}
            </p>
            <ZoneNote zone={zone} what="Meeting times" />
            <ul className="clients-list" aria-label="Your clients">
              {rows.map((client) => (
                <ClientsRow key={client.id} client={client} zone={zone} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
