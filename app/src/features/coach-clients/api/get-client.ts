import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type {
  ClientFile,
  ClientMeeting,
  ClientPageData,
  ClientStep,
  PrivateNote,
} from '../../../../../contracts/rest/coach';

// The payload types are the API's schemas' (contracts/rest/coach.ts).
export type { ClientFile, ClientMeeting, ClientPageData, ClientStep, PrivateNote };

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
