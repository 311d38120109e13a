import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LinkInput } from '../../../../../contracts/rest/coach-inputs';
import { libraryQueryOptions } from './get-library';

// What the link form sends is the API's schema's (contracts/rest/coach-inputs.ts).
export type { LinkInput } from '../../../../../contracts/rest/coach-inputs';

/** POST /api/v1/coach/resources/links (201): a link in the library, shared with nobody yet. */
export function useAddLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkInput) =>
      api.post('/api/v1/coach/resources/links', input, { fields: Object.keys(input) }),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryQueryOptions().queryKey }),
  });
}
