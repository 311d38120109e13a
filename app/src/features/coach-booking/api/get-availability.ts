import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { AvailabilityPage } from '../../../../../contracts/rest/booking';

// The payload types are the API's schemas' (contracts/rest/booking.ts).
export type {
  Availability,
  AvailabilityPage,
  BookingSettings,
  DayException,
  WeeklyRange,
} from '../../../../../contracts/rest/booking';

/** GET /api/v1/coach/availability: the coach's weekly hours, days off and extra days, settings and zone. */
async function getAvailability(signal?: AbortSignal): Promise<AvailabilityPage> {
  return (await api.get<Envelope<AvailabilityPage>>('/api/v1/coach/availability', { signal })).data.data;
}

export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: ['coach', 'availability'],
    queryFn: ({ signal }) => getAvailability(signal),
  });

export const useAvailability = () => useQuery(availabilityQueryOptions());
