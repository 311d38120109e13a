import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { clientQueryOptions, type ClientStep } from './get-client';

/** POST /api/v1/coach/action-steps/{id}/move: the step to another column of the client's board. */
async function moveStep(id: number, status: number): Promise<ClientStep> {
  const response = await api.post<Envelope<ClientStep>>(`/api/v1/coach/action-steps/${id}/move`, { status });
  return response.data.data;
}

export function useMoveStep(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) => moveStep(id, status),
    onSuccess: () => client.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}
