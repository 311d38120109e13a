import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { PEOPLE_KEY } from './get-people';

/** POST /api/v1/admin/assignments: these clients to one coach (null: no coach), all or none. */
async function assignClients(input: {
  client_ids: number[];
  coach_id: number | null;
}): Promise<{ changed: number; unchanged: number }> {
  const response = await api.post<Envelope<{ changed: number; unchanged: number }>>(
    '/api/v1/admin/assignments',
    input,
    { fields: ['client_ids', 'coach_id'] },
  );
  return response.data.data;
}

export function useAssignClients() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignClients,
    onSuccess: () => client.invalidateQueries({ queryKey: PEOPLE_KEY }),
  });
}
