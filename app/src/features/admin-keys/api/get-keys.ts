import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { ApiKey, KeyScope } from '../../../../../contracts/rest/admin';

// The payload types are the API's schemas' (contracts/rest/admin.ts).
export type { ApiKey, KeyScope };

/** GET /api/v1/admin/api-keys: the tenant's keys, newest first, revoked ones included. */
async function getKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const response = await api.get<Envelope<ApiKey[]>>('/api/v1/admin/api-keys', { signal });
  return response.data.data;
}

export const keysQueryOptions = () =>
  queryOptions({ queryKey: ['admin-api-keys'], queryFn: ({ signal }) => getKeys(signal) });

export const useKeys = () => useQuery(keysQueryOptions());
