import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { PEOPLE_KEY, type Person } from './get-people';

/** GET /api/v1/admin/people/{id}. */
async function getPerson(id: number, signal?: AbortSignal): Promise<Person> {
  const response = await api.get<Envelope<Person>>(`/api/v1/admin/people/${id}`, { signal });
  return response.data.data;
}

const personQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...PEOPLE_KEY, 'person', id], queryFn: ({ signal }) => getPerson(id, signal) });

export const usePerson = (id: number) => useQuery(personQueryOptions(id));
