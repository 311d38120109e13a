import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface FlashLessons {
  assessments: { id: number; title: string; lessons: { id: number; title: string; open: boolean }[] }[];
}

export const flashLessonsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: ['coach', 'flash-lessons', clientId],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<FlashLessons>>(`/api/v1/coach/clients/${clientId}/flash-lessons`, { signal }))
        .data.data,
  });

/** GET the client's assessments with each published lesson open to them or not. */
export const useFlashLessons = (clientId: number) => useQuery(flashLessonsQueryOptions(clientId));
