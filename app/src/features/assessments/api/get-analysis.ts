import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { AssessmentHead } from './get-assessments';

/** An analysis line: amounts are whole units of the assessment's currency; a focus_rank makes it a focus area. */
interface Area {
  id: number;
  name: string;
  score: number;
  current_amount: number;
  potential_amount: number;
  gap: number;
  focus_rank: number | null;
  goal: string;
}

export interface Analysis extends AssessmentHead {
  totals: { current: number; potential: number; gap: number };
  areas: Area[];
}

/** POST /api/v1/assessments/analysis/{id}: one assessment's areas and totals. */
async function getAnalysis(id: number, signal?: AbortSignal): Promise<Analysis> {
  // Silent: a missing assessment is the page's own message (components/refused-state.tsx).
  const response = await api.post<Envelope<Analysis>>(
    `/api/v1/assessments/analysis/${id}`,
    {},
    { signal, silent: true },
  );
  return response.data.data;
}

const analysisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['assessments', id, 'analysis'],
    queryFn: ({ signal }) => getAnalysis(id, signal),
  });

export const useAnalysis = (id: number) => useQuery(analysisQueryOptions(id));
