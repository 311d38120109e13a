import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { GroupSendInput, GroupSent } from '../../../../../contracts/rest/forms';

/**
 * POST /api/v1/coach/groups/{id}/forms: a form to every member, each their own send; the answer counts those
 * sent and those skipped (an unsubmitted send of the form already). Every client page's forms list may change.
 */
export function useSendGroupForm(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: GroupSendInput) =>
      (
        await api.post<Envelope<GroupSent>>(`/api/v1/coach/groups/${groupId}/forms`, input, {
          fields: ['form_id', 'due_on'],
        })
      ).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['coach-client-forms'] }),
  });
}
