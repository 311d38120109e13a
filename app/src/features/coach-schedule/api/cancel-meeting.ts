import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { meetingsQueryOptions } from './get-meetings';

/** POST /api/v1/coach/meetings/:id/cancel: the meeting goes, the client is mailed the cancellation. */
async function cancelMeeting(id: number): Promise<void> {
  await api.post<Envelope<{ id: number }>>(`/api/v1/coach/meetings/${id}/cancel`, {});
}

export function useCancelMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelMeeting,
    onSuccess: () => client.invalidateQueries({ queryKey: meetingsQueryOptions().queryKey }),
  });
}
