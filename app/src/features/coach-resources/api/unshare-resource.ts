import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryQueryOptions } from './get-library';

/** POST /api/v1/coach/resources/:id/shares/:shareId/delete: those clients no longer see it. */
export function useUnshareResource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shareId }: { id: number; shareId: number }) =>
      api.post(`/api/v1/coach/resources/${id}/shares/${shareId}/delete`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryQueryOptions().queryKey }),
  });
}
