import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import type { BoardItem } from './get-steps';
import { applyOptimistically, rollBack, settle, type StatusChange } from './optimistic-status';

/** POST /api/v1/clientportal/change/action/status: an action step's new status code. */
export async function changeActionStatus(change: StatusChange): Promise<BoardItem> {
  const response = await api.post<Envelope<BoardItem>>('/api/v1/clientportal/change/action/status', change);
  return response.data.data;
}

export function useChangeActionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeActionStatus,
    onMutate: (change) => applyOptimistically(client, 'action_steps', change),
    onError: (_error, _change, snapshot) => rollBack(client, snapshot),
    onSettled: () => settle(client),
  });
}
