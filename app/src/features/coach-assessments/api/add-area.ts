import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import {
  assessmentQueryOptions,
  assessmentUrl,
  type AreaFields,
  type AssessmentPage,
} from './get-assessment';

/** POST .../areas (201): a new analysis line; the answer is the whole page, put in the cache. */
export function useAddArea(clientId: number, assessmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AreaFields) =>
      (
        await api.post<Envelope<AssessmentPage>>(`${assessmentUrl(clientId, assessmentId)}/areas`, input, {
          fields: Object.keys(input),
        })
      ).data.data,
    onSuccess: (page) => client.setQueryData(assessmentQueryOptions(clientId, assessmentId).queryKey, page),
  });
}
