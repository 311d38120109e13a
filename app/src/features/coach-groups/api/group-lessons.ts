import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { groupQueryOptions, type GroupPageData } from './get-group';

/** POST /api/v1/coach/groups/{id}/lessons (201): a new draft lesson, last in the group. */
async function addLesson(groupId: number, title: string): Promise<{ id: number }> {
  const res = await api.post<Envelope<{ id: number }>>(
    `/api/v1/coach/groups/${groupId}/lessons`,
    { title },
    { fields: ['title'] },
  );
  return res.data.data;
}

/** POST /api/v1/coach/groups/{id}/lessons/order: every lesson of the group, in the new order. */
async function orderLessons(groupId: number, lessonIds: number[]): Promise<GroupPageData> {
  const res = await api.post<Envelope<GroupPageData>>(`/api/v1/coach/groups/${groupId}/lessons/order`, {
    lesson_ids: lessonIds,
  });
  return res.data.data;
}

export function useGroupLessons(groupId: number) {
  const client = useQueryClient();
  const key = groupQueryOptions(groupId).queryKey;
  return {
    add: useMutation({
      mutationFn: (title: string) => addLesson(groupId, title),
      onSuccess: () => client.invalidateQueries({ queryKey: key }),
    }),
    order: useMutation({
      mutationFn: (ids: number[]) => orderLessons(groupId, ids),
      onSuccess: (page) => client.setQueryData(key, page),
      onError: () => client.invalidateQueries({ queryKey: key }),
    }),
  };
}
