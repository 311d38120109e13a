import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

/** A link or file from the coach's library, shared with the client (alone, their company, group or all). */
interface SharedResource {
  id: number;
  title: string;
  kind: 'file' | 'link';
  url: string | null;
  file: { name: string; size: number; type: string } | null;
  created_at: string;
  coach: { first_name: string; last_name: string };
}

/** GET /api/v1/resources/shared: what the client's coaches share with them, newest first. */
async function getSharedResources(signal?: AbortSignal): Promise<SharedResource[]> {
  return (await api.get<Envelope<SharedResource[]>>('/api/v1/resources/shared', { signal })).data.data;
}

export const useSharedResources = () =>
  useQuery(
    queryOptions({ queryKey: ['shared-resources'], queryFn: ({ signal }) => getSharedResources(signal) }),
  );
