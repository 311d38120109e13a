import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

/** POST /api/v1/clientportal/team/task/get/deadline/: the current deadline of one task (ISO or null). */
async function getDeadline(taskId: number, signal?: AbortSignal): Promise<string | null> {
  const response = await api.post<Envelope<{ task_id: number; deadline: string | null }>>(
    '/api/v1/clientportal/team/task/get/deadline/',
    { task_id: taskId },
    { signal },
  );
  return response.data.data.deadline;
}

const deadlineQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: ['team', 'tasks', taskId, 'deadline'],
    queryFn: ({ signal }) => getDeadline(taskId, signal),
  });

/** Read fresh when the deadline editor opens, so it starts from what the server has now. */
export const useDeadline = (taskId: number, enabled: boolean) =>
  useQuery({ ...deadlineQueryOptions(taskId), enabled, staleTime: 0 });
