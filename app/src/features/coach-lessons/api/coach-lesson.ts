/**
 * A lesson the coach edits, of a group or of the academy (both open this feature's one lesson editor): the page,
 * its autosaved changes and its links. Deleting one is the lists' (lib/delete-lesson), not the editor's.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { UploadedFile } from './lesson-uploads';

export interface CoachLesson {
  id: number;
  title: string;
  short_desc: string;
  /** HTML, cut by the server to the rich-text rule. */
  full_desc: string;
  lesson_video: string | null;
  published: boolean;
  free_lesson: boolean;
  /** Minutes. */
  length: number;
  /** In a group: 1 open to members, 0 listed locked; null in the academy. */
  lesson_access: number | null;
  place: { kind: 'group' | 'academy'; id: number; title: string } | null;
  resources: { id: number; title: string; url: string }[];
  files: UploadedFile[];
  video_file: UploadedFile | null;
  updated_at: string;
}

type LessonInput = Partial<
  Pick<
    CoachLesson,
    'title' | 'short_desc' | 'full_desc' | 'lesson_video' | 'published' | 'free_lesson' | 'length'
  >
> & { lesson_access?: 0 | 1 };

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
