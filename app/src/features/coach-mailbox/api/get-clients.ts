import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ClientChoice {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  company: { id: number; name: string } | null;
}

/** GET /api/v1/coach/clients: the coach's own clients (by name, the API's default): whom a message may go to. */
async function getClients(signal?: AbortSignal): Promise<ClientChoice[]> {
  const response = await api.get<{ data: ClientChoice[] }>('/api/v1/coach/clients', { signal });
  return response.data.data;
}

export const useClientChoices = () =>
  useQuery(
    queryOptions({ queryKey: ['coach-mailbox', 'clients'], queryFn: ({ signal }) => getClients(signal) }),
  );
