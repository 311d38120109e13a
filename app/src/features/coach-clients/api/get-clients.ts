import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CoachClientRow } from '../../../../../contracts/rest/coach';
import type { ClientsList as ClientList } from '../../../../../contracts/rest/coach-inputs';

export const CLIENT_SORTS = ['name', 'company', 'unread', 'overdue', 'next_meeting'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
type SortOrder = 'asc' | 'desc';

export interface ClientQuery {
  search: string;
  sort: ClientSort;
  order: SortOrder;
}

/** The list as the page first shows it (no search, by name A-Z); index.html asks for it early (boot/early-pages). */
export const FIRST_CLIENTS: ClientQuery = { search: '', sort: 'name', order: 'asc' };

// A row is the API's schema's (contracts/rest/coach.ts).
export type { CoachClientRow };

function clientsParams(query: ClientQuery): URLSearchParams {
  const params = new URLSearchParams({ sort: query.sort, order: query.order });
  if (query.search) params.set('search', query.search);
  return params;
}

/** GET /api/v1/coach/clients: the coach's own clients, searched and sorted by the API. */
export const clientsUrl = (query: ClientQuery) => `/api/v1/coach/clients?${clientsParams(query)}`;

async function getClients(query: ClientQuery, signal?: AbortSignal): Promise<ClientList> {
  const response = await api.get<ClientList>(clientsUrl(query), { signal });
  return response.data;
}

export const clientsQueryOptions = (query: ClientQuery) =>
  queryOptions({
    queryKey: ['coach', 'clients', query],
    queryFn: ({ signal }) => getClients(query, signal),
  });

/** The list for `query`; while another search is on its way the last answer stays on screen. */
export const useClients = (query: ClientQuery) =>
  useQuery({ ...clientsQueryOptions(query), placeholderData: keepPreviousData });
