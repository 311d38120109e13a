import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface ClientMeeting {
  id: number;
  title: string;
  agenda: string;
  starts_at: string;
  duration_minutes: number;
  time_zone: string;
  meeting_url: string | null;
}

export interface ClientStep {
  id: number;
  title: string;
  description: string;
  status: number;
  /** 'YYYY-MM-DD' */
  due_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface PrivateNote {
  id: number;
  body: string;
  meeting_id: number | null;
  author_id: number;
  created_at: string;
  updated_at: string;
}

interface ClientMetric {
  id: number;
  name: string;
  unit: string;
  target: number | null;
  direction: string;
  values: { metric_id: number; period: string; value: number; note: string }[];
}

export interface ClientFile {
  id: number;
  sending_id: number;
  /** Who sent it (the client, a colleague of theirs, or a coach: `from_coach`). */
  sender: { id: number; first_name: string; last_name: string };
  from_coach: boolean;
  /** Sent to the client's whole company, or to the client alone (their colleagues never see it). */
  to: 'client' | 'company';
  description: string;
  name: string;
  size: number;
  type: string;
  created_at: string;
}

export interface ClientPageData {
  client: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    title: string | null;
    location: string | null;
    time_zone: string | null;
    phone_number: string | null;
    company: { id: number; name: string } | null;
  };
  schedule: { upcoming: ClientMeeting[]; past: ClientMeeting[] };
  notes: {
    client: { id: number; title: string; body: string; meeting_date: string | null; updated_at: string }[];
    private: PrivateNote[];
  };
  action_steps: ClientStep[];
  commitments: ClientStep[];
  metrics: ClientMetric[];
  assessments: { id: number; title: string; assessed_on: string }[];
  files: ClientFile[];
  groups: {
    id: number;
    title: string;
    status: string;
    joined_at: string;
    lessons: number;
    started: number;
    completed: number;
  }[];
}

/**
 * GET /api/v1/coach/clients/{id}: the whole page in one answer. Silent: a 404 (not one of the coach's
 * clients) is the page's own not-found state, not a toast.
 */
async function getClient(id: number, signal?: AbortSignal): Promise<ClientPageData> {
  const response = await api.get<Envelope<ClientPageData>>(`/api/v1/coach/clients/${id}`, {
    signal,
    silent: true,
  });
  return response.data.data;
}

export const clientQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['coach-client', id], queryFn: ({ signal }) => getClient(id, signal) });

/** The page's client; nothing is asked for an address whose id is not one (null). */
export const useClient = (id: number | null) =>
  useQuery({ ...clientQueryOptions(id ?? 0), enabled: id !== null });
