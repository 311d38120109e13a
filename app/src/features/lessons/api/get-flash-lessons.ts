import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface FlashLessonItem {
  assessment_id: number;
  assessment_title: string;
  /** 1: open; 0: listed but locked until the coach opens it. */
  access: 0 | 1;
  lesson: { id: number; title: string; slug: string; short_desc: string; lesson_img: string | null };
}

/** GET /api/v1/flashcoaching/lessons: the client's flash-coaching lessons, open and locked. */
async function getFlashLessons(signal?: AbortSignal): Promise<FlashLessonItem[]> {
  const response = await api.get<Envelope<FlashLessonItem[]>>('/api/v1/flashcoaching/lessons', { signal });
  return response.data.data;
}

const flashLessonsQueryOptions = () =>
  queryOptions({ queryKey: ['flash-lessons'], queryFn: ({ signal }) => getFlashLessons(signal) });

export const useFlashLessons = () => useQuery(flashLessonsQueryOptions());
