import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { BookedMeeting, SlotTaken } from '../../../../../contracts/rest/booking';
import { booked, refreshAfter, takenIsAnAnswer, type Booked } from './book-meeting';
import { bookedMeetingQueryOptions } from './get-booked-meeting';

/**
 * POST /api/v1/booking/meetings/:id/move: the meeting at a new free time; 409 when that time was just taken,
 * 422 past the notice (its message states the policy, toasted).
 */
async function moveMeeting({ id, start }: { id: number; start: string }): Promise<Booked> {
  const response = await api.post<Envelope<BookedMeeting> | SlotTaken>(
    `/api/v1/booking/meetings/${id}/move`,
    { start },
    { validateStatus: takenIsAnAnswer },
  );
  return booked(response);
}

export function useMoveMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveMeeting,
    onSuccess: (answer, { id }) => {
      if ('meeting' in answer) client.setQueryData(bookedMeetingQueryOptions(id).queryKey, answer.meeting);
      return refreshAfter(client, answer);
    },
    // Past the notice now (the page was open a while): the page shows the policy from the fresh meeting.
    onError: (_error, { id }) =>
      client.invalidateQueries({ queryKey: bookedMeetingQueryOptions(id).queryKey }),
  });
}
