import { api } from '@/lib/api-client';

/** POST /delete/mail: removes an uploaded attachment that was not sent yet. */
export async function deleteAttachment(id: number): Promise<void> {
  await api.post('/delete/mail', { id });
}
