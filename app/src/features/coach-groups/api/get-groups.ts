import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupRow } from '../../../../../contracts/rest/coach-authoring';
import { api, type Envelope } from '@/lib/api-client';

// The payload types are the API's schemas' (contracts/rest/coach-authoring.ts).
export type { GroupRow, GroupState } from '../../../../../contracts/rest/coach-authoring';

/** GET /api/v1/coach/groups: the coach's own groups, newest first. */
async function getGroups(): Promise<GroupRow[]> {
  return (await api.get<Envelope<GroupRow[]>>('/api/v1/coach/groups')).data.data;
}

export const groupsQueryOptions = () => queryOptions({ queryKey: ['coach', 'groups'], queryFn: getGroups });

export const useGroups = () => useQuery(groupsQueryOptions());
