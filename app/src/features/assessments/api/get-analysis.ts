import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Analysis } from '../../../../../contracts/rest/assessments';
import { api, type Envelope } from '@/lib/api-client';

// The payload types are the API's schemas' (contracts/rest/assessments.ts).
export type { Analysis } from '../../../../../contracts/rest/assessments';

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
