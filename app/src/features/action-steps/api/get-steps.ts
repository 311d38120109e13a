import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { ACTION_STEPS_KEY } from '@/lib/query-keys';
import type { Board, BoardItem } from '../../../../../contracts/rest/client-work';

// The payload types are the API's schemas' (contracts/rest/client-work.ts); an item's status is the API's code
// (see lib/stages.ts for what it means).
export type { Board, BoardItem };

/** POST /api/v1/impcoaching/steps/: the client's action steps and commitments. */
async function getSteps(signal?: AbortSignal): Promise<Board> {
  const response = await api.post<Envelope<Board>>('/api/v1/impcoaching/steps/', {}, { signal });
  return response.data.data;
}

export const stepsQueryOptions = () =>
  queryOptions({ queryKey: [...ACTION_STEPS_KEY, 'board'], queryFn: ({ signal }) => getSteps(signal) });

export const useSteps = () => useQuery(stepsQueryOptions());
