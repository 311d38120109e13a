import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Audience, Library, Resource, Share } from '../../../../../contracts/rest/resources';

// The payload types are the API's schemas' (contracts/rest/resources.ts).
export type { Audience, Library, Resource, Share };

/** GET /api/v1/coach/resources: the coach's library, newest first, with its shares. */
async function getLibrary(signal?: AbortSignal): Promise<Library> {
  return (await api.get<Envelope<Library>>('/api/v1/coach/resources', { signal })).data.data;
}

export const libraryQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'resources'], queryFn: ({ signal }) => getLibrary(signal) });

export const useLibrary = () => useQuery(libraryQueryOptions());
