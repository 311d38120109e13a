import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { clientTasksQueryOptions, type Task } from './get-client-tasks';

/** POST /api/v1/clientportal/team/member/assign/: gives a task to a team member. */
async function assignTask(input: { task_id: number; member_id: number }): Promise<Task> {
  const response = await api.post<Envelope<Task>>('/api/v1/clientportal/team/member/assign/', input, {
    // Its form shows these beside their controls.
    fields: ['member_id'],
  });
  return response.data.data;
}

export function useAssignTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignTask,
    onSuccess: () => client.invalidateQueries({ queryKey: clientTasksQueryOptions().queryKey }),
  });
}
