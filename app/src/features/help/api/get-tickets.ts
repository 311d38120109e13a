import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Ticket } from '../../../../../contracts/rest/support';

// A ticket with where the coach is with it and their answers (contracts/rest/support.ts).
export type { Ticket } from '../../../../../contracts/rest/support';

/** GET /api/v1/tickets: the client's own tickets, newest first, with status and answers. */
async function getTickets(signal?: AbortSignal): Promise<Ticket[]> {
  const response = await api.get<Envelope<Ticket[]>>('/api/v1/tickets', { signal });
  return response.data.data;
}

export const ticketsQueryOptions = () =>
  queryOptions({ queryKey: ['tickets'], queryFn: ({ signal }) => getTickets(signal) });

export const useTickets = () => useQuery(ticketsQueryOptions());
