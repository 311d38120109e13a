import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { SharedResource } from '../../../../../contracts/rest/resources';

/** GET /api/v1/resources/shared: what the client's coaches share with them, newest first. */
async function getSharedResources(signal?: AbortSignal): Promise<SharedResource[]> {
  return (await api.get<Envelope<SharedResource[]>>('/api/v1/resources/shared', { signal })).data.data;
}

export const useSharedResources = () =>
  useQuery(
    queryOptions({ queryKey: ['shared-resources'], queryFn: ({ signal }) => getSharedResources(signal) }),
  );
