/**
 * A lesson the coach edits, of a group or of the academy (both open this feature's one lesson editor): the page,
 * its autosaved changes and its links. Deleting one is the lists' (lib/delete-lesson), not the editor's.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { CoachLesson, LessonInput } from '../../../../../contracts/rest/coach-authoring';

// The payload types are the API's schemas' (contracts/rest/coach-authoring.ts).
export type { CoachLesson } from '../../../../../contracts/rest/coach-authoring';

const url = (id: number) => `/api/v1/coach/lessons/${id}`;

async function getLesson(id: number): Promise<CoachLesson> {
  return (await api.get<Envelope<CoachLesson>>(url(id))).data.data;
}

const coachLessonQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['coach', 'lessons', id], queryFn: () => getLesson(id) });

/** Asks nothing for an address whose id is not one (the page shows not found). */
export const useCoachLesson = (id: number | null) =>
  useQuery({ ...coachLessonQueryOptions(id ?? 0), enabled: id !== null });

/** POST /api/v1/coach/lessons/{id}: the fields changed; the answer is the lesson as stored. */
export async function changeLesson(id: number, input: LessonInput): Promise<CoachLesson> {
  const res = await api.post<Envelope<CoachLesson>>(url(id), input, {
    fields: ['title', 'short_desc', 'full_desc', 'lesson_video', 'length'],
  });
  return res.data.data;
}

export function useLessonResources(id: number) {
  const client = useQueryClient();
  const put = (lesson: CoachLesson) => client.setQueryData(coachLessonQueryOptions(id).queryKey, lesson);
  return {
    add: useMutation({
      mutationFn: async (resource: { title: string; url: string }) =>
        (
          await api.post<Envelope<CoachLesson>>(`${url(id)}/resources`, resource, {
            fields: ['title', 'url'],
          })
        ).data.data,
      onSuccess: put,
    }),
    remove: useMutation({
      mutationFn: async (resourceId: number) =>
        (await api.post<Envelope<CoachLesson>>(`${url(id)}/resources/${resourceId}/delete`, {})).data.data,
      onSuccess: put,
    }),
  };
}

/** Reads the lesson again after a change to its uploaded files (the editor's page carries them). */
export function useRefreshLesson(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: coachLessonQueryOptions(id).queryKey });
}
