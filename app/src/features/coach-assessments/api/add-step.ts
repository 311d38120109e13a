import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { AreaStepInput as StepInput } from '../../../../../contracts/rest/coach-inputs';
import { assessmentQueryOptions, type AssessmentPage } from './get-assessment';

// What the focus area's step form sends is the API's schema's (contracts/rest/coach-inputs.ts).
export type { AreaStepInput as StepInput } from '../../../../../contracts/rest/coach-inputs';

/** POST .../areas/:areaId/steps (201): a focus area's implementation step, on the client's board if asked. */
export function useAddStep(clientId: number, assessmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ areaId, ...input }: StepInput & { areaId: number }) =>
      (
        await api.post<Envelope<AssessmentPage>>(
          `/api/v1/coach/clients/${clientId}/areas/${areaId}/steps`,
          input,
          {
            fields: Object.keys(input),
          },
        )
      ).data.data,
    onSuccess: (page) => client.setQueryData(assessmentQueryOptions(clientId, assessmentId).queryKey, page),
  });
}
