import { api, type Envelope } from '@/lib/api-client';
import type { BoardItem } from './get-steps';
import { useStatusMutation, type StatusChange } from './optimistic-status';

/** POST /api/v1/clientportal/commitments/update: a commitment's new status code. */
async function updateCommitment(change: StatusChange): Promise<BoardItem> {
  const response = await api.post<Envelope<BoardItem>>('/api/v1/clientportal/commitments/update', change);
  return response.data.data;
}

export const useUpdateCommitment = () => useStatusMutation('commitments', updateCommitment);
