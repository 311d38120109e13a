import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { IMPLEMENTATION_KEY } from '@/lib/query-keys';

export interface FocusArea {
  id: number;
  assessment_id: number;
  name: string;
  goal: string;
  /** 1 is the first priority. */
  focus_rank: number;
  score: number;
}

export interface PlannedFocusArea extends FocusArea {
  steps_total: number;
  steps_on_board: number;
  steps_completed: number;
}

interface Plan {
  assessment_id: number;
  focus_areas: PlannedFocusArea[];
}

/** POST /api/v1/coachingportal/implementation/show/: an assessment's focus areas and how far their steps are. */
async function getPlan(assessmentId: number, signal?: AbortSignal): Promise<Plan> {
  const response = await api.post<Envelope<Plan>>(
    '/api/v1/coachingportal/implementation/show/',
    { assessment_id: assessmentId },
    { signal },
  );
  return response.data.data;
}

const planQueryOptions = (assessmentId: number) =>
  queryOptions({
    queryKey: [...IMPLEMENTATION_KEY, 'plan', assessmentId],
    queryFn: ({ signal }) => getPlan(assessmentId, signal),
  });

export const usePlan = (assessmentId: number) => useQuery(planQueryOptions(assessmentId));
