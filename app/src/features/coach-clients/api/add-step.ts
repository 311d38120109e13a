import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { StepInput } from '../../../../../contracts/rest/coach-inputs';
import { clientQueryOptions, type ClientStep } from './get-client';

// What the step form sends is the API's schema's (contracts/rest/coach-inputs.ts).
export type { StepInput } from '../../../../../contracts/rest/coach-inputs';

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
