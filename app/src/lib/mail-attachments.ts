/**
 * A message's files, the same for a client and a coach: uploaded first through /upload/mail (private storage,
 * type sniffing, the size and count limits), removed before sending, downloaded once sent.
 */
import { api, type Envelope } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import type { Attachment } from './mail';

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
    onUploadProgress: onProgress,
  });
  return response.data.data;
}

/** POST /delete/mail: removes an uploaded attachment that was not sent yet. */
export async function deleteAttachment(id: number): Promise<void> {
  await api.post('/delete/mail', { id });
}

/**
 * GET /api/v1/mail/attachments/{id}: the route wants the bearer token, which a plain link cannot send, so the
 * file comes as a blob through the API client and is saved under its original name.
 */
export async function downloadAttachment(attachment: Attachment): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/mail/attachments/${attachment.id}`, { responseType: 'blob' });
  saveBlob(response.data, attachment.name);
}
