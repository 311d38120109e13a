import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { CoachRequest, RequestKind, RequestStatus } from '../../../../../contracts/rest/coach';

// The payload types are the API's schemas' (contracts/rest/coach.ts).
export type { CoachRequest, RequestKind, RequestStatus };

/** GET /api/v1/coach/requests: the coach's clients' tickets, testimonials and referrals, newest first. */
async function getRequests(signal?: AbortSignal): Promise<CoachRequest[]> {
  const response = await api.get<Envelope<CoachRequest[]>>('/api/v1/coach/requests', { signal });
  return response.data.data;
}

export const requestsQueryOptions = () =>
  queryOptions({ queryKey: ['coach-requests'], queryFn: ({ signal }) => getRequests(signal) });

export const useRequests = () => useQuery(requestsQueryOptions());
