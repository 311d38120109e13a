import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestAnswer } from '@/components/request-answers';
import { api, type Envelope } from '@/lib/api-client';

export interface Ticket {
  id: number;
  category: string;
  subject: string;
  message: string;
  /** Where the coach is with it. */
  status: 'new' | 'in_progress' | 'done';
  created_at: string;
  status_changed_at: string | null;
  /** The coach's answers, oldest first (each was mailed too). */
  answers: RequestAnswer[];
}

/** GET /api/v1/tickets: the client's own tickets, newest first, with status and answers. */
async function getTickets(signal?: AbortSignal): Promise<Ticket[]> {
  const response = await api.get<Envelope<Ticket[]>>('/api/v1/tickets', { signal });
  return response.data.data;
}

export const ticketsQueryOptions = () =>
  queryOptions({ queryKey: ['tickets'], queryFn: ({ signal }) => getTickets(signal) });

export const useTickets = () => useQuery(ticketsQueryOptions());
