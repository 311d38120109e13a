import { api, type Envelope } from '@/lib/api-client';
import type { BoardItem } from './get-steps';
import { useStatusMutation, type StatusChange } from './optimistic-status';

/** POST /api/v1/clientportal/change/action/status: an action step's new status code. */
async function changeActionStatus(change: StatusChange): Promise<BoardItem> {
  const response = await api.post<Envelope<BoardItem>>('/api/v1/clientportal/change/action/status', change);
  return response.data.data;
}

export const useChangeActionStatus = () => useStatusMutation('action_steps', changeActionStatus);
