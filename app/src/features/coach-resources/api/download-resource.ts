import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';

/** GET /api/v1/coach/resources/:id/file: the bearer token goes with it, so the file comes as a blob. */
export async function downloadResource(id: number, name: string): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/coach/resources/${id}/file`, { responseType: 'blob' });
  saveBlob(response.data, name);
}
