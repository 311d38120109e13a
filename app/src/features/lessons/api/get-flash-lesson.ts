import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonContent } from './lesson-types';
import { api, type Envelope } from '@/lib/api-client';
import type { FlashAnalytics } from '../../../../../contracts/rest/lessons';

// A lesson's analytics are the API's schema's (contracts/rest/lessons.ts).
export type { FlashAnalytics } from '../../../../../contracts/rest/lessons';

export interface FlashLesson {
  assessment_id: number;
  assessment_title: string;
  lesson: LessonContent;
  analytics: FlashAnalytics;
}

/** GET /api/v1/flashcoaching/lessons/{assessment}/{lesson}: 403 unless the lesson is open to the client. */
async function getFlashLesson(assessmentId: number, lessonId: number, signal?: AbortSignal) {
  const url = `/api/v1/flashcoaching/lessons/${assessmentId}/${lessonId}`;
  // Silent: a locked lesson's 403 is the page's own message, not a toast.
  const response = await api.get<Envelope<FlashLesson>>(url, { signal, silent: true });
  return response.data.data;
}

export const flashLessonQueryKey = (assessmentId: number, lessonId: number) => [
  'flash-lesson',
  assessmentId,
  lessonId,
];

const flashLessonQueryOptions = (assessmentId: number, lessonId: number) =>
  queryOptions({
    queryKey: flashLessonQueryKey(assessmentId, lessonId),
    queryFn: ({ signal }) => getFlashLesson(assessmentId, lessonId, signal),
    // A locked lesson stays locked until the coach opens it: asking again at once would only repeat the 403.
    retry: false,
  });

export const useFlashLesson = (assessmentId: number, lessonId: number) =>
  useQuery(flashLessonQueryOptions(assessmentId, lessonId));
