import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api-call';
import { SCHEDULE_KEY } from '@/lib/query-keys';
import type { BookedMeeting, NewBooking, SlotTaken } from '../../../../../contracts/rest/booking';

export type { SlotTaken };

/** The meeting booked (or moved), or the slot taken meanwhile with the nearest free times (409). */
export type Booked = { meeting: BookedMeeting } | { taken: SlotTaken };

/** A 409 is an answer the page shows where the person is, not an error to toast. */
export const takenIsAnAnswer = (status: number) => (status >= 200 && status < 300) || status === 409;

export const booked = (response: ApiResponse<Envelope<BookedMeeting> | SlotTaken>): Booked =>
  response.status === 409
    ? { taken: response.data as SlotTaken }
    : { meeting: (response.data as Envelope<BookedMeeting>).data };

/**
 * After a booking, a move or a cancel: the schedule and the free times are stale; on a 409 only the free times
 * (the slot shown is gone).
 */
export function refreshAfter(client: QueryClient, answer: Booked | null): Promise<unknown> {
  const slots = client.invalidateQueries({ queryKey: ['booking', 'slots'] });
  if (answer && 'taken' in answer) return slots;
  return Promise.all([slots, client.invalidateQueries({ queryKey: SCHEDULE_KEY })]);
}

/** POST /api/v1/booking (201): books a free time; 409 when it was just taken. */
async function bookMeeting(input: NewBooking): Promise<Booked> {
  const response = await api.post<Envelope<BookedMeeting> | SlotTaken>('/api/v1/booking', input, {
    fields: ['note'],
    validateStatus: takenIsAnAnswer,
  });
  return booked(response);
}

export function useBookMeeting() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bookMeeting, onSuccess: (answer) => refreshAfter(client, answer) });
}
