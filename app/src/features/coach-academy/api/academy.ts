import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcademyModule } from '../../../../../contracts/rest/coach-authoring';
import { api, type Envelope } from '@/lib/api-client';

// The payload types are the API's schemas' (contracts/rest/coach-authoring.ts).
export type { AcademyModule } from '../../../../../contracts/rest/coach-authoring';

const BASE = '/api/v1/coach/academy';

/** GET /api/v1/coach/academy: the coach's modules in order, each with its lessons in order. */
async function getAcademy(): Promise<AcademyModule[]> {
  return (await api.get<Envelope<AcademyModule[]>>(BASE)).data.data;
}

export const academyQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'academy'], queryFn: getAcademy });

export const useAcademy = () => useQuery(academyQueryOptions());

const post = async <T>(url: string, body: object, fields?: string[]) =>
  (await api.post<Envelope<T>>(url, body, fields ? { fields } : {})).data.data;

/** The academy's changes; each answers the modules as they now are (a new lesson: its id, for its editor). */
export function useAcademyChanges() {
  const client = useQueryClient();
  const key = academyQueryOptions().queryKey;
  const put = (modules: AcademyModule[]) => client.setQueryData(key, modules);
  return {
    addModule: useMutation({
      mutationFn: (title: string) => post<AcademyModule[]>(`${BASE}/modules`, { title }, ['title']),
      onSuccess: put,
    }),
    orderModules: useMutation({
      mutationFn: (ids: number[]) => post<AcademyModule[]>(`${BASE}/order`, { module_ids: ids }),
      onSuccess: put,
      onError: () => client.invalidateQueries({ queryKey: key }),
    }),
    addLesson: useMutation({
      mutationFn: ({ moduleId, title }: { moduleId: number; title: string }) =>
        post<{ id: number }>(`${BASE}/modules/${moduleId}/lessons`, { title }, ['title']),
      onSuccess: () => client.invalidateQueries({ queryKey: key }),
    }),
    orderLessons: useMutation({
      mutationFn: ({ moduleId, ids }: { moduleId: number; ids: number[] }) =>
        post<AcademyModule[]>(`${BASE}/modules/${moduleId}/lessons/order`, { lesson_ids: ids }),
      onSuccess: put,
      onError: () => client.invalidateQueries({ queryKey: key }),
    }),
  };
}

/** POST .../modules/{id}/delete: the module and its lessons' places go (the undo's commit). */
export const deleteModule = (moduleId: number) =>
  post<AcademyModule[]>(`${BASE}/modules/${moduleId}/delete`, {});
