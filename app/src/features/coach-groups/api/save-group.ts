import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupInput } from '../../../../../contracts/rest/coach-authoring';
import { api, type Envelope } from '@/lib/api-client';
import { groupQueryOptions, type GroupPageData } from './get-group';
import { groupsQueryOptions } from './get-groups';

export type { GroupInput } from '../../../../../contracts/rest/coach-authoring';

const FIELDS = [
  'title',
  'description',
  'meets_on',
  'start_date',
  'end_date',
  'price',
  'currency',
  'capacity',
  'state',
];

/** POST /api/v1/coach/groups (201): a new group, a draft until the coach opens it. */
async function createGroup(input: Partial<GroupInput> & { title: string }): Promise<GroupPageData> {
  const res = await api.post<Envelope<GroupPageData>>('/api/v1/coach/groups', input, { fields: FIELDS });
  return res.data.data;
}

/** POST /api/v1/coach/groups/{id}: the group's details as the coach edits them (autosaved). */
export async function changeGroup(id: number, input: Partial<GroupInput>): Promise<GroupPageData> {
  const res = await api.post<Envelope<GroupPageData>>(`/api/v1/coach/groups/${id}`, input, {
    fields: FIELDS,
  });
  return res.data.data;
}

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      client.setQueryData(groupQueryOptions(group.id).queryKey, group);
      return client.invalidateQueries({ queryKey: groupsQueryOptions().queryKey });
    },
  });
}
