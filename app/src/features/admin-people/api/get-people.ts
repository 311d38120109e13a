import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PeoplePage, Person, PersonRole, PersonStatus } from '../../../../../contracts/rest/admin';

// The payload types are the API's schemas' (contracts/rest/admin.ts).
export type { Person, PersonRole, PersonStatus };

interface PeopleQuery {
  search: string;
  role: PersonRole | '';
  status: PersonStatus | '';
  page: number;
  perPage?: number;
}

/** A list page's size. */
export const PEOPLE_PER_PAGE = 25;

/** The list as /admin first shows it (no search or filter, page 1); index.html asks for it early (boot/early-pages). */
export const FIRST_PEOPLE: PeopleQuery = {
  search: '',
  role: '',
  status: '',
  page: 1,
  perPage: PEOPLE_PER_PAGE,
};

function peopleParams(query: PeopleQuery): URLSearchParams {
  const params = new URLSearchParams({
    page: String(query.page),
    per_page: String(query.perPage ?? PEOPLE_PER_PAGE),
  });
  if (query.search) params.set('search', query.search);
  if (query.role) params.set('role', query.role);
  if (query.status) params.set('status', query.status);
  return params;
}

/** GET /api/v1/admin/people: the tenant's people, searched, filtered and paged by the API. */
export const peopleUrl = (query: PeopleQuery) => `/api/v1/admin/people?${peopleParams(query)}`;

async function getPeople(query: PeopleQuery, signal?: AbortSignal): Promise<PeoplePage> {
  const response = await api.get<PeoplePage>(peopleUrl(query), { signal });
  return response.data;
}

export const PEOPLE_KEY = ['admin', 'people'] as const;

export const peopleQueryOptions = (query: PeopleQuery) =>
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
