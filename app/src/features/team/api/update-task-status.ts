import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { clientTasksQueryOptions, type Task } from './get-client-tasks';

/** POST /api/v1/tasks/status/: a task's status code (0 to do, 1 in progress, 2 completed) and note. */
async function updateTaskStatus(input: { task_id: number; status: number; note: string }): Promise<Task> {
  const response = await api.post<Envelope<Task>>('/api/v1/tasks/status/', input, {
    // Its form shows these beside their controls.
    fields: ['status', 'note'],
  });
  return response.data.data;
}

export function useUpdateTaskStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTaskStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: clientTasksQueryOptions().queryKey }),
  });
}
