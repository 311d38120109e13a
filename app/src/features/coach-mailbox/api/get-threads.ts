import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { mailboxKey } from '@/lib/mail';
import type { Thread } from '../../../../../contracts/rest/coach';

// The payload type is the API's schema's (contracts/rest/coach.ts).
export type { Thread };

/** GET /api/v1/coach/messages: the coach's threads (with one client only when asked), latest first. */
async function getThreads(clientId: number | null, signal?: AbortSignal): Promise<Thread[]> {
  const query = clientId === null ? '' : `?client_id=${clientId}`;
  const response = await api.get<Envelope<Thread[]>>(`/api/v1/coach/messages${query}`, { signal });
  return response.data.data;
}

/** Under the mailbox key: a sent message or a read thread refreshes the list with the badge. */
export const threadsKey = (userId: number) => [...mailboxKey(userId), 'coach-threads'] as const;

export const useThreads = (userId: number, clientId: number | null) =>
  useQuery(
    queryOptions({
      queryKey: [...threadsKey(userId), clientId],
      queryFn: ({ signal }) => getThreads(clientId, signal),
    }),
  );
