import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

export interface CoachMeeting {
  id: number;
  client: Person;
  title: string;
  agenda: string;
  /** ISO instant. */
  starts_at: string;
  duration_minutes: number;
  meeting_url: string | null;
  client_time_zone: string;
}

export interface Submission {
  id: number;
  client: Person;
  summary: string;
  created_at: string;
}

export interface Today {
  /** The coach's own zone: every time of the page is shown in it, the client's beside it. */
  time_zone: string;
  date: string;
  meetings: { today: CoachMeeting[]; week: CoachMeeting[] };
  unread: { client: Person; count: number; latest_at: string }[];
  files: {
    id: number;
    sending_id: number;
    company_id: number | null;
    client: Person;
    name: string;
    size: number;
    type: string;
    created_at: string;
  }[];
  waiting: { tickets: Submission[]; testimonials: Submission[]; referrals: Submission[] };
  overdue: { client: Person; count: number; oldest_due: string }[];
}

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
