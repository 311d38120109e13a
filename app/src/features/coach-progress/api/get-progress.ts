import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupProgress } from '../../../../../contracts/rest/coach-progress';
import { api, type Envelope } from '@/lib/api-client';

// The payload types are the API's schemas' (contracts/rest/coach-progress.ts).
export type { Cell, Counts, GroupProgress } from '../../../../../contracts/rest/coach-progress';

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
