/**
 * The files a coach uploads to a lesson (its resources, and one video): upload with progress, rename, delete and
 * download their own copy. The server types each by its bytes and keeps the limits below; the browser checks
 * size first so a file it would refuse is not sent.
 */
import type { UploadedFile } from '../../../../../contracts/rest/coach-authoring';
import { api, type Envelope } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';

export type UploadKind = 'file' | 'video';

export type { UploadedFile } from '../../../../../contracts/rest/coach-authoring';

/** 25 MB a file, 500 MB a video (the API's README, Rules and limits). */
export const UPLOAD_LIMITS: Record<UploadKind, { bytes: number; said: string }> = {
  file: { bytes: 25 * 1024 * 1024, said: 'A file must be at most 25 MB.' },
  video: { bytes: 500 * 1024 * 1024, said: 'A video must be at most 500 MB.' },
};

const base = (lessonId: number) => `/api/v1/coach/lessons/${lessonId}`;

/** POST .../files or .../video (multipart, 201); `onProgress` gets the share sent, 0 to 1. */
export async function uploadLessonFile(
  lessonId: number,
  kind: UploadKind,
  file: File,
  onProgress: (share: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append(kind, file);
  const res = await api.post<Envelope<UploadedFile>>(
    `${base(lessonId)}/${kind === 'video' ? 'video' : 'files'}`,
    form,
    {
      fields: [kind],
      onUploadProgress: onProgress,
    },
  );
  return res.data.data;
}

export async function renameLessonFile(
  lessonId: number,
  fileId: number,
  name: string,
): Promise<UploadedFile> {
  const res = await api.post<Envelope<UploadedFile>>(
    `${base(lessonId)}/files/${fileId}`,
    { name },
    { fields: ['name'] },
  );
  return res.data.data;
}

export async function deleteLessonFile(lessonId: number, fileId: number): Promise<void> {
  await api.post(`${base(lessonId)}/files/${fileId}/delete`, {});
}

/** The coach's own copy: the bearer token goes with it, so the file comes as a blob. */
export async function downloadOwnFile(lessonId: number, file: UploadedFile): Promise<void> {
  const res = await api.get<Blob>(`${base(lessonId)}/files/${file.id}`, { responseType: 'blob' });
  saveBlob(res.data, file.name);
}
