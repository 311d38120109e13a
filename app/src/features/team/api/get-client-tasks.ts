import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Task } from '../../../../../contracts/rest/client-work';

// SPEC §3's task (deadline, responsibility, file_name, status, note) with its id, title and member: the API's
// schema's type (contracts/rest/client-work.ts).
export type { Task };

/** POST /api/v1/tasks/client/: the client's tasks, earliest deadline first. */
async function getClientTasks(signal?: AbortSignal): Promise<Task[]> {
  const response = await api.post<Envelope<Task[]>>('/api/v1/tasks/client/', {}, { signal });
  return response.data.data;
}

export const clientTasksQueryOptions = () =>
  queryOptions({ queryKey: ['team', 'tasks'], queryFn: ({ signal }) => getClientTasks(signal) });

export const useClientTasks = () => useQuery(clientTasksQueryOptions());
