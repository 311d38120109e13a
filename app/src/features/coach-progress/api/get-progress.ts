import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

/** ticked: lesson steps; checked: the coach's checklist items. */
export interface Counts {
  watched: number;
  ticked: number;
  checked: number;
  completed: number;
}

/** completed: every step and every checklist item ticked. */
export interface Cell {
  watched: boolean;
  ticked: number;
  checked: number;
  completed: boolean;
}

export interface GroupProgress {
  group: { id: number; title: string };
  /** How many steps a lesson has to tick. */
  steps: number;
  /** checklist: how many items the lesson's checklist has. */
  lessons: ({ lesson: { id: number; title: string }; checklist: number } & Counts)[];
  /** One row per member; `cells` in the order of `lessons`. */
  members: ({ member: { id: number; first_name: string; last_name: string }; cells: Cell[] } & Counts)[];
}

/** GET /api/v1/coach/groups/:id/progress: per lesson and member, watched, ticked and completed. */
async function getProgress(groupId: number, signal?: AbortSignal): Promise<GroupProgress> {
  return (await api.get<Envelope<GroupProgress>>(`/api/v1/coach/groups/${groupId}/progress`, { signal })).data
    .data;
}

/** Asks nothing for an id the address does not hold (null). */
export const useProgress = (groupId: number | null) =>
  useQuery({
    ...queryOptions({
      queryKey: ['coach', 'group-progress', groupId ?? 0],
      queryFn: ({ signal }) => getProgress(groupId ?? 0, signal),
    }),
    enabled: groupId !== null,
  });
