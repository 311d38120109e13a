import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { refreshAfter } from './book-meeting';
import { bookedMeetingQueryOptions } from './get-booked-meeting';

/** POST /api/v1/booking/meetings/:id/cancel: cancels the meeting; 422 past the notice (toasted). */
async function cancelMeeting(id: number): Promise<void> {
  await api.post<Envelope<{ id: number }>>(`/api/v1/booking/meetings/${id}/cancel`);
}

export function useCancelMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelMeeting,
    // The meeting's own query is left as it was: the page shows that it is cancelled, not a refetch of it.
    onSuccess: () => refreshAfter(client, null),
    onError: (_error, id) => client.invalidateQueries({ queryKey: bookedMeetingQueryOptions(id).queryKey }),
  });
}
