import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { ClientChoice as Client } from '../../../../../contracts/rest/coach-inputs';

/** GET /api/v1/coach/clients: the coach's clients by name, for the meeting form's picker. */
async function getClients(signal?: AbortSignal): Promise<Client[]> {
  return (await api.get<Envelope<Client[]>>('/api/v1/coach/clients', { signal })).data.data;
}

export const useClients = () =>
  useQuery(queryOptions({ queryKey: ['coach', 'clients'], queryFn: ({ signal }) => getClients(signal) }));
