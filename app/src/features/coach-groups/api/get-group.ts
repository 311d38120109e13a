import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { GroupPageData } from '../../../../../contracts/rest/coach-authoring';

export type { GroupLesson, GroupPageData } from '../../../../../contracts/rest/coach-authoring';

/** GET /api/v1/coach/groups/{id}: the group page (a 404 for a group that is not the coach's). */
async function getGroup(id: number): Promise<GroupPageData> {
  return (await api.get<Envelope<GroupPageData>>(`/api/v1/coach/groups/${id}`)).data.data;
}

export const groupQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['coach', 'groups', id], queryFn: () => getGroup(id) });

/** Asks nothing for an address whose id is not one (the page shows not found). */
export const useGroup = (id: number | null) =>
  useQuery({ ...groupQueryOptions(id ?? 0), enabled: id !== null });
