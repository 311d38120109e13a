import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ClientChoice } from '../../../../../contracts/rest/coach-inputs';

// A client row is the API's schema's (contracts/rest/coach-inputs.ts).
export type { ClientChoice } from '../../../../../contracts/rest/coach-inputs';

/** GET /api/v1/coach/clients: the coach's own clients (by name, the API's default): whom a message may go to. */
async function getClients(signal?: AbortSignal): Promise<ClientChoice[]> {
  const response = await api.get<{ data: ClientChoice[] }>('/api/v1/coach/clients', { signal });
  return response.data.data;
}

export const useClientChoices = () =>
  useQuery(
    queryOptions({ queryKey: ['coach-mailbox', 'clients'], queryFn: ({ signal }) => getClients(signal) }),
  );
