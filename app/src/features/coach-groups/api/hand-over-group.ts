import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { HandedOver } from '../../../../../contracts/rest/coach-inputs';
import { groupsQueryOptions } from './get-groups';

/** POST /api/v1/coach/groups/{id}/handover: the group becomes the colleague's (a 422 says why it cannot). */
async function handOverGroup(groupId: number, coachId: number): Promise<HandedOver> {
  const res = await api.post<Envelope<HandedOver>>(
    `/api/v1/coach/groups/${groupId}/handover`,
    { coach_id: coachId },
    { fields: ['coach_id'] },
  );
  return res.data.data;
}

export function useHandOverGroup(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coachId: number) => handOverGroup(groupId, coachId),
    // The group page is the colleague's now: only the list is asked for again.
    onSuccess: () => client.invalidateQueries({ queryKey: groupsQueryOptions().queryKey }),
  });
}
