import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import type { BoardItem } from './get-steps';
import { applyOptimistically, rollBack, settle, type StatusChange } from './optimistic-status';

/** POST /api/v1/clientportal/commitments/update: a commitment's new status code. */
export async function updateCommitment(change: StatusChange): Promise<BoardItem> {
  const response = await api.post<Envelope<BoardItem>>('/api/v1/clientportal/commitments/update', change);
  return response.data.data;
}

export function useUpdateCommitment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCommitment,
    onMutate: (change) => applyOptimistically(client, 'commitments', change),
    onError: (_error, _change, snapshot) => rollBack(client, snapshot),
    onSettled: () => settle(client),
  });
}
