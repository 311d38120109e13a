import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

/** SPEC §3's task (deadline, responsibility, file_name, status, note) with its id, title and member. */
export interface Task {
  id: number;
  title: string;
  deadline: string | null;
  responsibility: string;
  file_name: string | null;
  status: number;
  note: string;
  team_member_id: number | null;
  member: { id: number; first_name: string; last_name: string } | null;
  updated_at: string;
}

/** POST /api/v1/tasks/client/: the client's tasks, earliest deadline first. */
async function getClientTasks(signal?: AbortSignal): Promise<Task[]> {
  const response = await api.post<Envelope<Task[]>>('/api/v1/tasks/client/', {}, { signal });
  return response.data.data;
}

export const clientTasksQueryOptions = () =>
  queryOptions({ queryKey: ['team', 'tasks'], queryFn: ({ signal }) => getClientTasks(signal) });

export const useClientTasks = () => useQuery(clientTasksQueryOptions());
