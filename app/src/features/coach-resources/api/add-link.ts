import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryQueryOptions } from './get-library';

export interface LinkInput {
  title: string;
  url: string;
}

/** POST /api/v1/coach/resources/links (201): a link in the library, shared with nobody yet. */
export function useAddLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkInput) =>
      api.post('/api/v1/coach/resources/links', input, { fields: Object.keys(input) }),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryQueryOptions().queryKey }),
  });
}
