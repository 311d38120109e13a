import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import { filesUrl, type StoredFile } from './get-company-files';

/**
 * GET /api/v1/companies/files/{company}/download/{file} (without a company: /api/v1/me/files/{file}): the route
 * wants the bearer token, which a plain link or frame cannot send, so the file comes as a blob through the API
 * client (also for the preview).
 */
export async function fetchFile(
  companyId: number | null,
  file: StoredFile,
  signal?: AbortSignal,
): Promise<Blob> {
  const url =
    companyId === null ? `${filesUrl(null)}/${file.id}` : `${filesUrl(companyId)}/download/${file.id}`;
  const response = await api.get<Blob>(url, {
    responseType: 'blob',
    signal,
  });
  return response.data;
}

/** Saves the file under its own name. */
export async function downloadFile(companyId: number | null, file: StoredFile): Promise<void> {
  saveBlob(await fetchFile(companyId, file), file.name);
}
