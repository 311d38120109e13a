import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { ACTION_STEPS_KEY } from '@/lib/query-keys';

/** An action step or a commitment; status is the API's code (see lib/stages.ts for what it means). */
export interface BoardItem {
  id: number;
  title: string;
  description: string;
  status: number;
  due_date: string | null;
  updated_at: string;
}

export interface Board {
  action_steps: BoardItem[];
  commitments: BoardItem[];
}

/** POST /api/v1/impcoaching/steps/: the client's action steps and commitments. */
async function getSteps(signal?: AbortSignal): Promise<Board> {
  const response = await api.post<Envelope<Board>>('/api/v1/impcoaching/steps/', {}, { signal });
  return response.data.data;
}

export const stepsQueryOptions = () =>
  queryOptions({ queryKey: [...ACTION_STEPS_KEY, 'board'], queryFn: ({ signal }) => getSteps(signal) });

export const useSteps = () => useQuery(stepsQueryOptions());
