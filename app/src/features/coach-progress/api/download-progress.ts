import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';

/** GET /api/v1/coach/groups/:id/progress/csv: the same figures as the table, saved as a CSV file. */
export async function downloadProgress(groupId: number, title: string): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/coach/groups/${groupId}/progress/csv`, {
    responseType: 'blob',
  });
  saveBlob(response.data, `${title.replace(/[/\\]/g, '_')} progress.csv`);
}
