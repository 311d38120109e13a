/**
 * A signed agreement's PDF, for whoever may have it (the client, their coach, the admin): the route wants the
 * bearer token, which a plain link cannot send, so it comes as a blob and is saved under the server's name.
 */
import { api } from './api-client';
import { saveBlob } from './download-file';

export async function downloadSignedAgreement(signatureId: number): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/agreement/signatures/${signatureId}/pdf`, {
    responseType: 'blob',
  });
  const header = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  saveBlob(response.data, name ? decodeURIComponent(name) : `agreement-${signatureId}.pdf`);
}
