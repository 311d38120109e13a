import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentSummary } from '../../../../../contracts/rest/assessments';
import { api, type Envelope } from '@/lib/api-client';

// The payload types are the API's schemas' (contracts/rest/assessments.ts).
export type { AssessmentHead, AssessmentSummary } from '../../../../../contracts/rest/assessments';

/** POST /api/v1/assessments/company/simple/: the client's assessments, newest first. */
async function getAssessments(signal?: AbortSignal): Promise<AssessmentSummary[]> {
  const response = await api.post<Envelope<AssessmentSummary[]>>(
    '/api/v1/assessments/company/simple/',
    {},
    { signal },
  );
  return response.data.data;
}

export const assessmentsQueryOptions = () =>
  queryOptions({ queryKey: ['assessments'], queryFn: ({ signal }) => getAssessments(signal) });

export const useAssessments = () => useQuery(assessmentsQueryOptions());
