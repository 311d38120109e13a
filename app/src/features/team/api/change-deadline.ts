import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { clientTasksQueryOptions, type Task } from './get-client-tasks';

/** POST /api/v1/clientportal/team/task/change/deadline/: a task's new deadline (ISO instant). */
async function changeDeadline(input: { task_id: number; deadline: string }): Promise<Task> {
  const response = await api.post<Envelope<Task>>('/api/v1/clientportal/team/task/change/deadline/', input, {
    // Its form shows these beside their controls.
    fields: ['deadline'],
  });
  return response.data.data;
}

export function useChangeDeadline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeDeadline,
    // ['team', 'tasks'] is a prefix of each task's deadline key: one call refreshes the list and the deadline.
    onSuccess: () => client.invalidateQueries({ queryKey: clientTasksQueryOptions().queryKey }),
  });
}
