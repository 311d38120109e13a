import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Person, PersonRole, PersonStatus } from '../../../../../contracts/rest/admin';

// The payload types are the API's schemas' (contracts/rest/admin.ts).
export type { Person, PersonRole, PersonStatus };

/** A flag as the person has it: on, off, or null for the tenant's default. */
export type FlagSettings = Record<string, boolean | null>;

interface PeopleQuery {
  search: string;
  role: PersonRole | '';
  status: PersonStatus | '';
  page: number;
  perPage?: number;
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  per_page: number;
}

/** GET /api/v1/admin/people: the tenant's people, searched, filtered and paged by the API. */
async function getPeople(query: PeopleQuery, signal?: AbortSignal): Promise<Page<Person>> {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage ?? 25) });
  if (query.search) params.set('search', query.search);
  if (query.role) params.set('role', query.role);
  if (query.status) params.set('status', query.status);
  const response = await api.get<Page<Person>>(`/api/v1/admin/people?${params}`, { signal });
  return response.data;
}

export const PEOPLE_KEY = ['admin', 'people'] as const;

const peopleQueryOptions = (query: PeopleQuery) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'list', query],
    queryFn: ({ signal }) => getPeople(query, signal),
  });

/** One page of people; while the next is on its way the last one stays on screen. */
export const usePeople = (query: PeopleQuery) =>
  useQuery({ ...peopleQueryOptions(query), placeholderData: keepPreviousData });

/** The tenant's active coaches, for the coach pickers (the first hundred, by name). */
export const useCoaches = () =>
  useQuery(peopleQueryOptions({ search: '', role: 'coach', status: 'active', page: 1, perPage: 100 }));
