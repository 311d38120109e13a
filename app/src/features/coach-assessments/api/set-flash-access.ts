import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { flashLessonsQueryOptions, type FlashLessons } from './get-flash-lessons';

/** POST .../flash-lessons: opens (the progress record with access 1) or closes a lesson to the client. */
export function useSetFlashAccess(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { assessment_id: number; lesson_id: number; open: boolean }) =>
      (await api.post<Envelope<FlashLessons>>(`/api/v1/coach/clients/${clientId}/flash-lessons`, input)).data
        .data,
    onSuccess: (data) => client.setQueryData(flashLessonsQueryOptions(clientId).queryKey, data),
  });
}
