import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { useOfflineCopy } from '@/lib/offline-copy';

export interface Meeting {
  id: number;
  title: string;
  agenda: string;
  /** ISO instant. */
  meeting_time: string;
  duration_minutes: number;
  /** The zone the meeting was planned in. */
  time_zone: string;
  meeting_url: string | null;
  /** Where it takes place when it is not (only) online. */
  place: string | null;
  coach_name: string | null;
}

interface Schedule {
  time_zone: string | null;
  upcoming: Meeting[];
  past: Meeting[];
}

/** The call's address, which index.html's inline script calls too (boot/early-pages) before the app runs. */
export const SCHEDULE_URL = '/api/v1/clientportal/schedule/';

/** POST /api/v1/clientportal/schedule/: the client's upcoming (soonest first) and past meetings. */
async function getSchedule(signal?: AbortSignal): Promise<Schedule> {
  const response = await api.post<Envelope<Schedule>>(SCHEDULE_URL, {}, { signal });
  return response.data.data;
}

export const scheduleQueryOptions = () =>
  queryOptions({ queryKey: ['schedule'], queryFn: ({ signal }) => getSchedule(signal) });

/** The schedule, or offline its last copy for this user. */
export const useSchedule = () => useOfflineCopy('schedule', useQuery(scheduleQueryOptions()));
