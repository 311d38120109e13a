import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { clientTasksQueryOptions, type Task } from './get-client-tasks';
import { deadlineQueryOptions } from './get-deadline';

/** POST /api/v1/clientportal/team/task/change/deadline/: a task's new deadline (ISO instant). */
export async function changeDeadline(input: { task_id: number; deadline: string }): Promise<Task> {
  const response = await api.post<Envelope<Task>>('/api/v1/clientportal/team/task/change/deadline/', input);
  return response.data.data;
}

export function useChangeDeadline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeDeadline,
    onSuccess: (_task, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: clientTasksQueryOptions().queryKey }),
        client.invalidateQueries({ queryKey: deadlineQueryOptions(input.task_id).queryKey }),
      ]),
  });
}
