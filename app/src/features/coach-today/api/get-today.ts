import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Person, Submission, Today, TodayMeeting } from '../../../../../contracts/rest/coach';

// The payload types are the API's schemas' (contracts/rest/coach.ts).
export type { Person, Submission, Today, TodayMeeting as CoachMeeting };

/** The call's address, which index.html's inline script calls too (boot/early-pages) before the app runs. */
export const TODAY_URL = '/api/v1/coach/today';

/** GET /api/v1/coach/today: the whole home page in one request. */
async function getToday(signal?: AbortSignal): Promise<Today> {
  const response = await api.get<Envelope<Today>>(TODAY_URL, { signal });
  return response.data.data;
}

// Fresher than the portal's 15 minutes: coming back to Today between sessions should show the new mail.
const TODAY_STALE_MS = 30_000;

export const todayQueryOptions = () =>
  queryOptions({
    queryKey: ['coach', 'today'],
    queryFn: ({ signal }) => getToday(signal),
    staleTime: TODAY_STALE_MS,
  });

export const useToday = () => useQuery(todayQueryOptions());
