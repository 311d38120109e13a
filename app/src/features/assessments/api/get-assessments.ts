import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface AssessmentHead {
  id: number;
  title: string;
  company: string | null;
  currency_id: number;
  /** 'YYYY-MM-DD' */
  assessed_on: string;
  created_at: string;
}

export interface AssessmentSummary extends AssessmentHead {
  areas_count: number;
  focus_count: number;
  steps_count: number;
}

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
