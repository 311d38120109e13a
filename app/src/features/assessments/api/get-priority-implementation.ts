import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriorityImplementation } from '../../../../../contracts/rest/assessments';
import { api } from '@/lib/api-client';
import { IMPLEMENTATION_KEY } from '@/lib/query-keys';

// The payload types are the API's schemas' (contracts/rest/assessments.ts).
export type { ImplementationStep } from '../../../../../contracts/rest/assessments';

/** GET /api/v1/priorities/implementation/{id}: one focus area ("priority") and its steps, oldest first. */
async function getPriorityImplementation(id: number, signal?: AbortSignal): Promise<PriorityImplementation> {
  const response = await api.get<PriorityImplementation>(`/api/v1/priorities/implementation/${id}`, {
    signal,
  });
  return response.data;
}

const priorityImplementationQueryOptions = (focusAreaId: number) =>
  queryOptions({
    queryKey: [...IMPLEMENTATION_KEY, 'priority', focusAreaId],
    queryFn: ({ signal }) => getPriorityImplementation(focusAreaId, signal),
  });

export const usePriorityImplementation = (focusAreaId: number) =>
  useQuery(priorityImplementationQueryOptions(focusAreaId));
