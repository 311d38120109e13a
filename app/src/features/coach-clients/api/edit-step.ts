import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { StepInput } from './add-step';
import { clientQueryOptions, type ClientStep } from './get-client';

/** POST /api/v1/coach/action-steps/{id}: a step's new words or due date. */
async function editStep(id: number, input: StepInput): Promise<ClientStep> {
  const response = await api.post<Envelope<ClientStep>>(`/api/v1/coach/action-steps/${id}`, input, {
    fields: ['title', 'description', 'due_date'],
  });
  return response.data.data;
}

export function useEditStep(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: StepInput & { id: number }) => editStep(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}
