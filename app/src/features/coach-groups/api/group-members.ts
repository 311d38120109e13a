import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { groupQueryOptions, type GroupPageData } from './get-group';

/** POST /api/v1/coach/groups/{id}/members and .../members/{clientId}/remove: the page after the change. */
async function addMember(groupId: number, clientId: number): Promise<GroupPageData> {
  const res = await api.post<Envelope<GroupPageData>>(
    `/api/v1/coach/groups/${groupId}/members`,
    { client_id: clientId },
    { fields: ['client_id'] },
  );
  return res.data.data;
}

async function removeMember(groupId: number, clientId: number): Promise<GroupPageData> {
  const res = await api.post<Envelope<GroupPageData>>(
    `/api/v1/coach/groups/${groupId}/members/${clientId}/remove`,
    {},
  );
  return res.data.data;
}

export function useGroupMembers(groupId: number) {
  const client = useQueryClient();
  const key = groupQueryOptions(groupId).queryKey;
  const put = (page: GroupPageData) => client.setQueryData(key, page);
  return {
    add: useMutation({ mutationFn: (clientId: number) => addMember(groupId, clientId), onSuccess: put }),
    remove: useMutation({
      mutationFn: (clientId: number) => removeMember(groupId, clientId),
      onSuccess: put,
    }),
  };
}
