import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export type GroupState = 'draft' | 'open' | 'closed';

export interface GroupRow {
  id: number;
  title: string;
  description: string;
  meets_on: string;
  /** 'YYYY-MM-DD' */
  start_date: string | null;
  end_date: string | null;
  /** In the currency's minor unit; 0 for a free group. */
  price: number;
  currency: string;
  capacity: number | null;
  state: GroupState;
  members: number;
  lessons: number;
}

/** GET /api/v1/coach/groups: the coach's own groups, newest first. */
async function getGroups(): Promise<GroupRow[]> {
  return (await api.get<Envelope<GroupRow[]>>('/api/v1/coach/groups')).data.data;
}

export const groupsQueryOptions = () => queryOptions({ queryKey: ['coach', 'groups'], queryFn: getGroups });

export const useGroups = () => useQuery(groupsQueryOptions());
