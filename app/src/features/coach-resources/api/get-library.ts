import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export type Audience = 'client' | 'company' | 'group' | 'all';

export interface Share {
  id: number;
  audience: Audience;
  target_id: number | null;
  /** The client's, company's or group's name ('' for all clients). */
  name: string;
}

export interface Resource {
  id: number;
  title: string;
  kind: 'file' | 'link';
  url: string | null;
  file: { name: string; size: number; type: string } | null;
  created_at: string;
  shares: Share[];
}

export interface Library {
  resources: Resource[];
  /** Whom the coach may share with. */
  audiences: {
    clients: { id: number; first_name: string; last_name: string }[];
    companies: { id: number; name: string }[];
    groups: { id: number; title: string }[];
  };
}

/** GET /api/v1/coach/resources: the coach's library, newest first, with its shares. */
async function getLibrary(signal?: AbortSignal): Promise<Library> {
  return (await api.get<Envelope<Library>>('/api/v1/coach/resources', { signal })).data.data;
}

export const libraryQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'resources'], queryFn: ({ signal }) => getLibrary(signal) });

export const useLibrary = () => useQuery(libraryQueryOptions());
