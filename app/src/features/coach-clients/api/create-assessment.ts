import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { clientQueryOptions } from './get-client';

/**
 * POST /api/v1/coach/clients/:id/assessments (201): a new assessment for the client, dated today, in the
 * currency of the coach's newest assessment; its page is where the coach writes it.
 */
export function useCreateAssessment(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { title: string; assessed_on: string }) =>
      (
        await api.post<Envelope<{ assessment: { id: number } }>>(
          `/api/v1/coach/clients/${clientId}/assessments`,
          input,
          { fields: Object.keys(input) },
        )
      ).data.data.assessment.id,
    onSuccess: () => client.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}
