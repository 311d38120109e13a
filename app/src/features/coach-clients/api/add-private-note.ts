import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { clientQueryOptions, type PrivateNote } from './get-client';

/** POST /api/v1/coach/clients/{id}/notes (201): a note only the coach sees. */
async function addPrivateNote(clientId: number, body: string): Promise<PrivateNote> {
  const response = await api.post<Envelope<PrivateNote>>(
    `/api/v1/coach/clients/${clientId}/notes`,
    { body },
    { fields: ['body'] },
  );
  return response.data.data;
}

export function useAddPrivateNote(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addPrivateNote(clientId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}
