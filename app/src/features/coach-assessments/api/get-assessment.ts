import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentPage } from '../../../../../contracts/rest/coach-assessments';
import { api, type Envelope } from '@/lib/api-client';

// The payload types are the API's schemas' (contracts/rest/coach-assessments.ts).
export type { Area, AreaFields, AssessmentPage } from '../../../../../contracts/rest/coach-assessments';

export const assessmentUrl = (clientId: number, assessmentId: number) =>
  `/api/v1/coach/clients/${clientId}/assessments/${assessmentId}`;

export const assessmentQueryOptions = (clientId: number, assessmentId: number) =>
  queryOptions({
    queryKey: ['coach', 'assessment', clientId, assessmentId],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<AssessmentPage>>(assessmentUrl(clientId, assessmentId), { signal })).data.data,
  });

/** GET the assessment with its analysis lines and steps; nothing is asked for ids the address lacks. */
export const useAssessment = (clientId: number | null, assessmentId: number | null) =>
  useQuery({
    ...assessmentQueryOptions(clientId ?? 0, assessmentId ?? 0),
    enabled: clientId !== null && assessmentId !== null,
  });
