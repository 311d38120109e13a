import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { FlashLessonItem } from '../../../../../contracts/rest/lessons';

// A listed lesson is the API's schema's (contracts/rest/lessons.ts): access 1 open, 0 locked.
export type { FlashLessonItem } from '../../../../../contracts/rest/lessons';

/** GET /api/v1/flashcoaching/lessons: the client's flash-coaching lessons, open and locked. */
async function getFlashLessons(signal?: AbortSignal): Promise<FlashLessonItem[]> {
  const response = await api.get<Envelope<FlashLessonItem[]>>('/api/v1/flashcoaching/lessons', { signal });
  return response.data.data;
}

const flashLessonsQueryOptions = () =>
  queryOptions({ queryKey: ['flash-lessons'], queryFn: ({ signal }) => getFlashLessons(signal) });

export const useFlashLessons = () => useQuery(flashLessonsQueryOptions());
