import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { clientQueryOptions, type ClientStep } from './get-client';

export interface StepInput {
  title: string;
  description: string;
  due_date: string | null;
}

/** POST /api/v1/coach/clients/{id}/action-steps (201): a new step on the client's board, to do. */
async function addStep(clientId: number, input: StepInput): Promise<ClientStep> {
  const response = await api.post<Envelope<ClientStep>>(
    `/api/v1/coach/clients/${clientId}/action-steps`,
    input,
    {
      fields: ['title', 'description', 'due_date'],
    },
  );
  return response.data.data;
}

export function useAddStep(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StepInput) => addStep(clientId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}
