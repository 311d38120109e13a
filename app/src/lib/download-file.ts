/**
 * Saves a Blob as a file: an object URL on a temporary <a download>, clicked, then revoked. Used for the API's
 * exports (commitments, tasks) and for files made in the browser (.ics).
 */
import { api } from './api-client';

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The filename of a Content-Disposition header (`attachment; filename="x.csv"`), else `fallback`. */
function attachmentName(header: unknown, fallback: string): string {
  if (typeof header !== 'string') return fallback;
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[/\\]/g, '_') : '';
  return name || fallback;
}

/** POSTs `{}` to an export call and saves the answer under the server's filename (or `fallback`). */
export async function downloadExport(url: string, fallback: string): Promise<string> {
  const response = await api.post<Blob>(url, {}, { responseType: 'blob' });
  const name = attachmentName(response.headers.get('content-disposition'), fallback);
  saveBlob(response.data, name);
  return name;
}
