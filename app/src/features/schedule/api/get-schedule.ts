import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { useOfflineCopy } from '@/lib/offline-copy';
import { SCHEDULE_KEY } from '@/lib/query-keys';
import type { Meeting, Schedule } from '../../../../../contracts/rest/client-work';

// The payload types are the API's schemas' (contracts/rest/client-work.ts).
export type { Meeting };

/** The call's address, which index.html's inline script calls too (boot/early-pages) before the app runs. */
export const SCHEDULE_URL = '/api/v1/clientportal/schedule/';

/** POST /api/v1/clientportal/schedule/: the client's upcoming (soonest first) and past meetings. */
async function getSchedule(signal?: AbortSignal): Promise<Schedule> {
  const response = await api.post<Envelope<Schedule>>(SCHEDULE_URL, {}, { signal });
  return response.data.data;
}

export const scheduleQueryOptions = () =>
  queryOptions({ queryKey: SCHEDULE_KEY, queryFn: ({ signal }) => getSchedule(signal) });

/** The schedule, or offline its last copy for this user. */
export const useSchedule = () => useOfflineCopy('schedule', useQuery(scheduleQueryOptions()));
