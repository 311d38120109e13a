import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { AgreementEditor } from '../../../../../contracts/rest/agreements';

export type { AgreementEditor };

const URL = '/api/v1/agreement/editor';

/** GET /api/v1/agreement/editor: the agreement the caller publishes to (an admin the tenant's, a coach their own). */
async function getEditor(signal?: AbortSignal): Promise<AgreementEditor> {
  return (await api.get<Envelope<AgreementEditor>>(URL, { signal })).data.data;
}

const agreementEditorQueryOptions = () =>
  queryOptions({ queryKey: ['agreement-editor'], queryFn: ({ signal }) => getEditor(signal) });

export const useAgreementEditor = () => useQuery(agreementEditorQueryOptions());

/** POST /api/v1/agreement/editor (201): publishes a new version; every client signs it again. */
async function publish(input: { title: string; body_html: string }): Promise<AgreementEditor> {
  return (await api.post<Envelope<AgreementEditor>>(URL, input, { fields: ['title', 'body_html'] })).data
    .data;
}

export function usePublishAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publish,
    onSuccess: (editor) => client.setQueryData(agreementEditorQueryOptions().queryKey, editor),
  });
}
