import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryQueryOptions } from './get-library';

/** POST /api/v1/coach/resources/files (multipart, 201): one file, its title as `description`. */
export function useAddFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ title, file }: { title: string; file: File }) => {
      const form = new FormData();
      form.append('files', file);
      if (title.trim()) form.append('description', title.trim());
      return api.post('/api/v1/coach/resources/files', form, { fields: ['description', 'files'] });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: libraryQueryOptions().queryKey }),
  });
}
