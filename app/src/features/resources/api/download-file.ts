import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import type { StoredFile } from './get-company-files';

/**
 * GET /api/v1/companies/files/{company}/download/{file}: the route wants the bearer token, which a plain link
 * or frame cannot send, so the file comes as a blob through the API client (also for the preview).
 */
export async function fetchFile(companyId: number, file: StoredFile, signal?: AbortSignal): Promise<Blob> {
  const response = await api.get<Blob>(`/api/v1/companies/files/${companyId}/download/${file.id}`, {
    responseType: 'blob',
    signal,
  });
  return response.data;
}

/** Saves the file under its own name. */
export async function downloadFile(companyId: number, file: StoredFile): Promise<void> {
  saveBlob(await fetchFile(companyId, file), file.name);
}
