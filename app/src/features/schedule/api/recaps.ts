import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Recap, RecapComment } from '../../../../../contracts/rest/recaps';

const RECAPS_KEY = ['recaps'] as const;

/** GET /api/v1/recaps: the recaps the client's coaches shared with them, the latest meeting first. */
const recapsQueryOptions = () =>
  queryOptions({
    queryKey: RECAPS_KEY,
    queryFn: async ({ signal }) => (await api.get<Envelope<Recap[]>>('/api/v1/recaps', { signal })).data.data,
  });

export const useRecaps = () => useQuery(recapsQueryOptions());

/** GET /api/v1/recaps/{id}. Silent: a 404 (not theirs, or not shared) is the page's not-found state. */
export const useRecap = (id: number | null) =>
  useQuery({
    queryKey: [...RECAPS_KEY, id],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Recap>>(`/api/v1/recaps/${id}`, { signal, silent: true })).data.data,
    enabled: id !== null,
  });

/** POST /api/v1/recaps/{id}/comments (201): the client's comment under the recap. */
export function useCommentOnRecap(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (
        await api.post<Envelope<RecapComment>>(
          `/api/v1/recaps/${id}/comments`,
          { body },
          { fields: ['body'] },
        )
      ).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: RECAPS_KEY }),
  });
}
