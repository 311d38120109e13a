import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

/** POST /api/v1/actionsteps/access: 1 when the board is open to the client (they have a coach), else 0. */
async function getAccess(signal?: AbortSignal): Promise<number> {
  const response = await api.post<Envelope<{ access: number }>>('/api/v1/actionsteps/access', {}, { signal });
  return response.data.data.access;
}

const accessQueryOptions = () =>
  queryOptions({ queryKey: ['action-steps', 'access'], queryFn: ({ signal }) => getAccess(signal) });

export const useAccess = () => useQuery(accessQueryOptions());
