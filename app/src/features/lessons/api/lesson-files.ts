import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import type { LessonFile } from './lesson-types';

/** GET /api/v1/lesson-files/{id}: the bearer token goes with it, so the file comes as a blob. */
export async function downloadLessonFile(file: LessonFile): Promise<void> {
  const res = await api.get<Blob>(`/api/v1/lesson-files/${file.id}`, { responseType: 'blob' });
  saveBlob(res.data, file.name);
}

/**
 * POST /api/v1/lesson-files/{id}/ticket: the address the video element plays from (it cannot send the token).
 * A ticket lasts an hour; a newer one is asked for after half of that.
 */
export const useVideoTicket = (fileId: number) =>
  useQuery({
    queryKey: ['lesson-file-ticket', fileId],
    queryFn: async () =>
      (
        await api.post<Envelope<{ url: string; expires_at: string }>>(
          `/api/v1/lesson-files/${fileId}/ticket`,
          {},
        )
      ).data.data,
    staleTime: 30 * 60_000,
  });
