import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import type { ClientFile } from './get-client';

/**
 * GET /api/v1/coach/clients/{id}/files/{file}: the route wants the bearer token, which a plain link cannot
 * send, so the file comes as a blob through the API client and is saved under its own name.
 */
export async function downloadClientFile(clientId: number, file: ClientFile): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/coach/clients/${clientId}/files/${file.id}`, {
    responseType: 'blob',
  });
  saveBlob(response.data, file.name);
}
