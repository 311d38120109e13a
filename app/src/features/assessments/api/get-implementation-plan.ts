import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '../../../../../contracts/rest/assessments';
import { api, type Envelope } from '@/lib/api-client';
import { IMPLEMENTATION_KEY } from '@/lib/query-keys';

// The payload types are the API's schemas' (contracts/rest/assessments.ts).
export type { FocusArea, PlannedFocusArea } from '../../../../../contracts/rest/assessments';

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
