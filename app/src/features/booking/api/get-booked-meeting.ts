import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { BookedMeeting } from '../../../../../contracts/rest/booking';

export type { BookedMeeting };

const meetingUrl = (id: number) => `/api/v1/booking/meetings/${id}`;

/**
 * GET /api/v1/booking/meetings/:id: one of the client's meetings and until when they may change it. Silent: the
 * page says why it did not load (not found, or what failed) once, not in a toast too.
 */
async function getBookedMeeting(id: number, signal?: AbortSignal): Promise<BookedMeeting> {
  const response = await api.get<Envelope<BookedMeeting>>(meetingUrl(id), { signal, silent: true });
  return response.data.data;
}

export const bookedMeetingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['booking', 'meeting', id],
    queryFn: ({ signal }) => getBookedMeeting(id, signal),
  });

export const useBookedMeeting = (id: number) => useQuery(bookedMeetingQueryOptions(id));
