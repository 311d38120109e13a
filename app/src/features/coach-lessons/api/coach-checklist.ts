/**
 * A lesson's checklist as its coach edits it (../components/lesson-checklist-editor): read once, then the whole
 * list saved in order as the coach types, drags or deletes. An item sent with its id keeps it (and the members'
 * ticks); one without an id is new, and the answer gives it its id in the same place of the list.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type {
  CHECKLIST_LIMITS as API_LIMITS,
  ChecklistDraft,
  ChecklistItem,
} from '../../../../../contracts/rest/coach-authoring';

// The list's items are the API's schema's (contracts/rest/coach-authoring.ts).
export type { ChecklistItem } from '../../../../../contracts/rest/coach-authoring';

/**
 * The API's limits (one plain line each): the editor says them before the server has to. Written here so the
 * coach's chunk does not carry the schemas; `satisfies` makes a change of the API's a type error until this follows.
 */
export const CHECKLIST_LIMITS = { items: 20, length: 200 } as const satisfies typeof API_LIMITS;

const url = (lessonId: number) => `/api/v1/coach/lessons/${lessonId}/checklist`;

async function getChecklist(lessonId: number, signal?: AbortSignal): Promise<ChecklistItem[]> {
  return (await api.get<Envelope<{ items: ChecklistItem[] }>>(url(lessonId), { signal })).data.data.items;
}

const checklistQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: ['coach', 'lessons', lessonId, 'checklist'],
    queryFn: ({ signal }) => getChecklist(lessonId, signal),
  });

export const useChecklist = (lessonId: number) => useQuery(checklistQueryOptions(lessonId));

/**
 * Saves the whole list in order and keeps the answer (the list as stored, in the same order) as the loaded one,
 * so coming back to the editor shows it without a reload.
 */
export function useSaveChecklist(lessonId: number) {
  const client = useQueryClient();
  return async (items: Required<ChecklistDraft>[]): Promise<ChecklistItem[]> => {
    const body = { items: items.map((item) => (item.id === null ? { text: item.text } : item)) };
    const stored = (await api.post<Envelope<{ items: ChecklistItem[] }>>(url(lessonId), body)).data.data
      .items;
    client.setQueryData(checklistQueryOptions(lessonId).queryKey, stored);
    return stored;
  };
}
