import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface AreaFields {
  name: string;
  score: number;
  current_amount: number;
  potential_amount: number;
  /** 1 first; null: an analysis line that is not a focus area. */
  focus_rank: number | null;
  goal: string;
}

export interface Area extends AreaFields {
  id: number;
  steps: { id: number; title: string; description: string; due_date: string | null; on_board: boolean }[];
}

export interface AssessmentPage {
  assessment: { id: number; title: string; assessed_on: string; currency_id: number; currency: string };
  areas: Area[];
  currencies: { id: number; code: string; name: string }[];
}

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
