import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientQueryOptions } from './get-client';

interface FileInput {
  to: 'client' | 'company';
  files: File[];
  description: string;
}

/**
 * POST /api/v1/coach/clients/{id}/files (multipart, 201): `to`, each file as `files[]`, the description when it
 * is not blank; the files go to the client's company or to the client alone (a client without a company gets
 * them so), who sees them on /resources.
 */
async function sendClientFile(clientId: number, input: FileInput): Promise<void> {
  const form = new FormData();
  form.append('to', input.to);
  for (const file of input.files) form.append('files[]', file);
  const description = input.description.trim();
  if (description) form.append('description', description);
  await api.post(`/api/v1/coach/clients/${clientId}/files`, form, { fields: ['to', 'description', 'files'] });
}

export function useSendClientFile(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FileInput) => sendClientFile(clientId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}
