import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';

/** GET /api/v1/resources/shared/:id/file: a shared file, as a blob (the route wants the bearer token). */
export async function downloadSharedResource(id: number, name: string): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/resources/shared/${id}/file`, { responseType: 'blob' });
  saveBlob(response.data, name);
}
