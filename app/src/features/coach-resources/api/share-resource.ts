import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryQueryOptions, type Audience } from './get-library';

/** POST /api/v1/coach/resources/:id/shares: shared with a client, a company, a group or all the coach's clients. */
export function useShareResource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, audience, target }: { id: number; audience: Audience; target: number | null }) =>
      api.post(
        `/api/v1/coach/resources/${id}/shares`,
        target === null ? { audience } : { audience, target_id: target },
        { fields: ['audience', 'target_id'] },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryQueryOptions().queryKey }),
  });
}
