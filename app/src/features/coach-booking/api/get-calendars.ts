import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { CalendarConnection } from '../../../../../contracts/rest/calendars';

// The payload types are the API's schemas' (contracts/rest/calendars.ts).
export type { CalendarConnection, NewCalendarConnection } from '../../../../../contracts/rest/calendars';

/** While a calendar waits for its first read, the list asks again this often, so its state shows when it is in. */
const WAITING_POLL_MS = 2000;

/** GET /api/v1/coach/calendars: the coach's outside calendars with their state (never their addresses). */
async function getCalendars(signal?: AbortSignal): Promise<CalendarConnection[]> {
  return (await api.get<Envelope<CalendarConnection[]>>('/api/v1/coach/calendars', { signal })).data.data;
}

export const calendarsQueryOptions = () =>
  queryOptions({
    queryKey: ['coach', 'calendars'],
    queryFn: ({ signal }) => getCalendars(signal),
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.state === 'waiting') ? WAITING_POLL_MS : false,
  });

export const useCalendars = () => useQuery(calendarsQueryOptions());
