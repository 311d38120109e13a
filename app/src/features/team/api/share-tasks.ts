import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

/** POST /api/v1/coachingportal/task/share/: mails the task list to `email` (the API limits how often). */
async function shareTasks(email: string): Promise<{ sent: boolean; to: string }> {
  const response = await api.post<Envelope<{ sent: boolean; to: string }>>(
    '/api/v1/coachingportal/task/share/',
    { email },
    // Its form shows the address's problems beside it.
    { fields: ['email'] },
  );
  return response.data.data;
}

export const useShareTasks = () => useMutation({ mutationFn: shareTasks });
