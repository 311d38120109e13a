import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { FormSend, SendInput } from '../../../../../contracts/rest/forms';

/** GET /api/v1/coach/clients/:id/forms: the forms sent to one client, with their answers. */
const clientFormsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: ['coach-client-forms', clientId],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<FormSend[]>>(`/api/v1/coach/clients/${clientId}/forms`, { signal })).data.data,
  });

export const useClientForms = (clientId: number) => useQuery(clientFormsQueryOptions(clientId));

/** POST /api/v1/coach/clients/:id/forms (201): sends a form's newest version; its fields show their reasons. */
export function useSendForm(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendInput) =>
      (
        await api.post<Envelope<FormSend>>(`/api/v1/coach/clients/${clientId}/forms`, input, {
          fields: ['form_id', 'due_on', 'meeting_id'],
        })
      ).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: clientFormsQueryOptions(clientId).queryKey }),
  });
}
