import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { acceptProfile } from './profile-answer';

const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** What is wrong with a chosen file, before it is sent (the server checks the content again). */
export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return 'Choose a JPEG, PNG, GIF or WebP image.';
  if (file.size > PHOTO_MAX_BYTES) return 'Choose an image of at most 5 MB.';
  return null;
}

/** POST /api/v1/student/profilephoto/update (multipart: id, file). */
async function updateProfilePhoto(userId: number, file: File): Promise<unknown> {
  const form = new FormData();
  form.append('id', String(userId));
  form.append('file', file);
  const response = await api.post<Envelope<unknown>>('/api/v1/student/profilephoto/update', form, {
    // Its card shows the picture's problems under the picker.
    fields: ['file'],
  });
  return response.data.data;
}

export function useUpdateProfilePhoto(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => updateProfilePhoto(userId, file),
    onSuccess: (answer) => acceptProfile(client, userId, answer),
  });
}
