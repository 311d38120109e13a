import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { IMPLEMENTATION_KEY } from '@/lib/query-keys';
import type { FocusArea } from './get-implementation-plan';

/** A step of a focus area; action_step is the board item it was put on the board as (status: its API code). */
export interface ImplementationStep {
  id: number;
  focus_area_id: number;
  title: string;
  description: string;
  /** 'YYYY-MM-DD' */
  due_date: string | null;
  action_step: { id: number; status: number } | null;
  created_at: string;
}

/** SPEC §7: "Returns implementation and data", the focus area and its steps side by side. */
interface PriorityImplementation {
  implementation: FocusArea;
  data: ImplementationStep[];
}

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
