import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** POST /api/v1/coach/groups/:id/sessions/:sessionId/cancel: gone for every member, each mailed the cancel. */
export function useCancelSession(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/v1/coach/groups/${groupId}/sessions/${id}/cancel`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQueryOptions(groupId).queryKey }),
  });
}
