import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import type { Attachment } from './get-emails';

/**
 * GET /api/v1/mail/attachments/{id}: the route wants the bearer token, which a plain link cannot send, so the
 * file comes as a blob through the API client and is saved under its original name.
 */
export async function downloadAttachment(attachment: Attachment): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/mail/attachments/${attachment.id}`, { responseType: 'blob' });
  saveBlob(response.data, attachment.name);
}
