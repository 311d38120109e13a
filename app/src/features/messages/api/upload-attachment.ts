import { api, type Envelope } from '@/lib/api-client';
import type { Attachment } from './get-emails';

/**
 * POST /upload/mail (201): one file per request, so each shows its own progress (0..1). Silent: a refusal is
 * shown next to its file, not as a toast.
 */
export async function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file);
  const response = await api.post<Envelope<Attachment>>('/upload/mail', form, {
    signal,
    silent: true,
    onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
  });
  return response.data.data;
}
