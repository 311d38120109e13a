import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { ApiKey } from '../../../../../contracts/rest/admin';

/**
 * The API keys' queries, the keys screen's (features/admin-keys) included: a person's deactivation, reactivation
 * or change of role changes whether their keys work, so those invalidate them all.
 */
export const API_KEYS_KEY = ['admin-api-keys'] as const;

/**
 * GET /api/v1/admin/api-keys?created_by={id}: the keys a person made. Those still working stop while the person
 * is deactivated, which the deactivation dialog says before it happens.
 */
async function getPersonKeys(id: number, signal?: AbortSignal): Promise<ApiKey[]> {
  const response = await api.get<Envelope<ApiKey[]>>('/api/v1/admin/api-keys', {
    params: { created_by: id },
    signal,
  });
  return response.data.data.filter((key) => key.status === 'active');
}

const personKeysQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...API_KEYS_KEY, 'made-by', id],
    queryFn: ({ signal }) => getPersonKeys(id, signal),
  });

export const usePersonKeys = (id: number, enabled: boolean) =>
  useQuery({ ...personKeysQueryOptions(id), enabled });
