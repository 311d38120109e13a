import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { FlashLessons } from '../../../../../contracts/rest/coach-inputs';

// The answer is the API's schema's (contracts/rest/coach-inputs.ts).
export type { FlashLessons } from '../../../../../contracts/rest/coach-inputs';

export const flashLessonsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: ['coach', 'flash-lessons', clientId],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<FlashLessons>>(`/api/v1/coach/clients/${clientId}/flash-lessons`, { signal }))
        .data.data,
  });

/** GET the client's assessments with each published lesson open to them or not. */
export const useFlashLessons = (clientId: number) => useQuery(flashLessonsQueryOptions(clientId));
