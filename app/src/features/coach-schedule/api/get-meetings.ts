import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface CoachMeeting {
  id: number;
  client: { id: number; first_name: string; last_name: string };
  title: string;
  agenda: string;
  /** ISO instant. */
  starts_at: string;
  duration_minutes: number;
  /** The coach's zone when it was booked. */
  time_zone: string;
  client_time_zone: string | null;
  meeting_url: string | null;
  place: string | null;
}

interface Meetings {
  time_zone: string;
  meetings: CoachMeeting[];
}

/** GET /api/v1/coach/meetings: the coach's meetings from now through the next 8 weeks, soonest first. */
async function getMeetings(signal?: AbortSignal): Promise<Meetings> {
  return (await api.get<Envelope<Meetings>>('/api/v1/coach/meetings', { signal })).data.data;
}

export const meetingsQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'meetings'], queryFn: ({ signal }) => getMeetings(signal) });

export const useMeetings = () => useQuery(meetingsQueryOptions());
