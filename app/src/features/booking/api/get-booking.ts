import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { BookableCoach, BookingPage } from '../../../../../contracts/rest/booking';

// The payload types are the API's schemas' (contracts/rest/booking.ts).
export type { BookableCoach, BookingPage };
export type MeetingKind = BookableCoach['types'][number];

/** GET /api/v1/booking: the client's coaches they may book and the meeting types open to them. */
async function getBooking(signal?: AbortSignal): Promise<BookingPage> {
  const response = await api.get<Envelope<BookingPage>>('/api/v1/booking', { signal });
  return response.data.data;
}

export const bookingQueryOptions = () =>
  queryOptions({ queryKey: ['booking'], queryFn: ({ signal }) => getBooking(signal) });

export const useBooking = () => useQuery(bookingQueryOptions());

/** The coach and the meeting type of a type id, among those open to the client. */
export function findType(page: BookingPage, typeId: number | null) {
  for (const coach of page.coaches) {
    const type = coach.types.find((t) => t.id === typeId);
    if (type) return { coach, type };
  }
  return undefined;
}
