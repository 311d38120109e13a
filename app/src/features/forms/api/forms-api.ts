import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { formsQueryOptions } from '@/lib/forms';
import type { FormSend, FormSendSummary } from '../../../../../contracts/rest/forms';
import type { Answers } from '../../../../../contracts/forms';

// The payload types are the API's schemas' (contracts/rest/forms.ts).
export type { FormSend, FormSendSummary };
export { formsQueryOptions };

export const useForms = () => useQuery(formsQueryOptions());

/** GET /api/v1/forms/:id: one sent form, with the version it was sent with and the answers saved so far. */
async function getForm(id: number, signal?: AbortSignal): Promise<FormSend> {
  return (await api.get<Envelope<FormSend>>(`/api/v1/forms/${id}`, { signal })).data.data;
}

const formQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['forms', id], queryFn: ({ signal }) => getForm(id, signal) });

export const useForm = (id: number) => useQuery(formQueryOptions(id));

/**
 * PUT /api/v1/forms/:id/draft: the answers so far (the autosave's call). Silent: a failed save shows as "Not
 * saved — retry" beside the form rather than a toast per keystroke.
 */
export async function saveDraft(id: number, answers: Answers): Promise<FormSend> {
  const res = await api.put<Envelope<FormSend>>(`/api/v1/forms/${id}/draft`, { answers }, { silent: true });
  return res.data.data;
}

/** POST /api/v1/forms/:id/submit: the form shows each question's reason beside it (`fields`). */
export function useSubmitForm(id: number, questionIds: string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (answers: Answers) =>
      (
        await api.post<Envelope<FormSend>>(
          `/api/v1/forms/${id}/submit`,
          { answers },
          { fields: questionIds.map((q) => `answers.${q}`) },
        )
      ).data.data,
    onSuccess: (sent) => {
      client.setQueryData(formQueryOptions(id).queryKey, sent);
      return client.invalidateQueries({ queryKey: formsQueryOptions().queryKey, exact: true });
    },
  });
}
