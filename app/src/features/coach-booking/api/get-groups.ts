import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupRow } from '../../../../../contracts/rest/coach-authoring';
import { api, type Envelope } from '@/lib/api-client';

/** GET /api/v1/coach/groups: the coach's groups, for a type that only a group's members may book. */
async function getGroups(signal?: AbortSignal): Promise<GroupRow[]> {
  return (await api.get<Envelope<GroupRow[]>>('/api/v1/coach/groups', { signal })).data.data;
}

// The groups screen's key: both read the same answer.
export const useGroups = () =>
  useQuery(queryOptions({ queryKey: ['coach', 'groups'], queryFn: ({ signal }) => getGroups(signal) }));
