import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { GroupRow } from './get-groups';

export interface GroupLesson {
  id: number;
  title: string;
  published: boolean;
  free_lesson: boolean;
  order: number;
  /** Minutes. */
  length: number;
  /** 1: open to members; 0: listed locked. */
  lesson_access: number;
}

interface GroupMember {
  user_group_id: number;
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  completed_lessons: number;
  payment: 'free' | 'paid' | 'unpaid';
}

export interface GroupPageData extends Omit<GroupRow, 'members' | 'lessons'> {
  published_lessons: number;
  lessons: GroupLesson[];
  members: GroupMember[];
  /** The coach's clients not in the group yet. */
  candidates: { id: number; first_name: string; last_name: string; email: string }[];
  /** The business's other coaches, whom the group may be handed to. */
  colleagues: { id: number; first_name: string; last_name: string }[];
}

/** GET /api/v1/coach/groups/{id}: the group page (a 404 for a group that is not the coach's). */
async function getGroup(id: number): Promise<GroupPageData> {
  return (await api.get<Envelope<GroupPageData>>(`/api/v1/coach/groups/${id}`)).data.data;
}

export const groupQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['coach', 'groups', id], queryFn: () => getGroup(id) });

/** Asks nothing for an address whose id is not one (the page shows not found). */
export const useGroup = (id: number | null) =>
  useQuery({ ...groupQueryOptions(id ?? 0), enabled: id !== null });
