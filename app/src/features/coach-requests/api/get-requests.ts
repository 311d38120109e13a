import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestAnswer } from '@/components/request-answers';
import { api, type Envelope } from '@/lib/api-client';

export type RequestKind = 'tickets' | 'testimonials' | 'referrals';
export type RequestStatus = 'new' | 'in_progress' | 'done';

export interface CoachRequest {
  kind: RequestKind;
  id: number;
  client: { id: number; first_name: string; last_name: string };
  summary: string;
  text: string;
  status: RequestStatus;
  /** A testimonial's approval for publication; null for the other kinds. */
  approved: boolean | null;
  created_at: string;
  status_changed_at: string | null;
  /** What the coach answered (and mailed), oldest first. */
  answers: RequestAnswer[];
}

/** GET /api/v1/coach/requests: the coach's clients' tickets, testimonials and referrals, newest first. */
async function getRequests(signal?: AbortSignal): Promise<CoachRequest[]> {
  const response = await api.get<Envelope<CoachRequest[]>>('/api/v1/coach/requests', { signal });
  return response.data.data;
}

export const requestsQueryOptions = () =>
  queryOptions({ queryKey: ['coach-requests'], queryFn: ({ signal }) => getRequests(signal) });

export const useRequests = () => useQuery(requestsQueryOptions());
