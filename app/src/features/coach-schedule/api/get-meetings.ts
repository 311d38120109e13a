import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Meetings, ScheduledMeeting } from '../../../../../contracts/rest/coach';

// The payload types are the API's schemas' (contracts/rest/coach.ts).
export type { ScheduledMeeting as CoachMeeting };

/** GET /api/v1/coach/meetings: the coach's meetings from now through the next 8 weeks, soonest first. */
async function getMeetings(signal?: AbortSignal): Promise<Meetings> {
  return (await api.get<Envelope<Meetings>>('/api/v1/coach/meetings', { signal })).data.data;
}

export const meetingsQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'meetings'], queryFn: ({ signal }) => getMeetings(signal) });

export const useMeetings = () => useQuery(meetingsQueryOptions());
