import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Form } from '../../../../../contracts/rest/forms';
import { api, type Envelope } from '@/lib/api-client';

/** GET /api/v1/forms/library: the forms the coach may send (their own and the tenant's), for a type's prep form. */
async function getForms(signal?: AbortSignal): Promise<Form[]> {
  return (await api.get<Envelope<Form[]>>('/api/v1/forms/library', { signal })).data.data;
}

// The client page's key for the same answer: both read it once.
export const useForms = () =>
  useQuery(queryOptions({ queryKey: ['forms', 'library'], queryFn: ({ signal }) => getForms(signal) }));
