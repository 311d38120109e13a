import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInput } from '../../../../../contracts/rest/coach-sessions';
import { api, type Envelope } from '@/lib/api-client';
import { sessionsQueryOptions, type GroupSession } from './get-sessions';

export type { SessionInput } from '../../../../../contracts/rest/coach-sessions';

/**
 * POST /api/v1/coach/groups/:id/sessions (new) or .../sessions/:sessionId (move or edit): every member is mailed
 * the invitation, or its update.
 */
async function saveSession(groupId: number, id: number | null, input: SessionInput): Promise<GroupSession> {
  const url = `/api/v1/coach/groups/${groupId}/sessions${id === null ? '' : `/${id}`}`;
  return (await api.post<Envelope<GroupSession>>(url, input, { fields: Object.keys(input) })).data.data;
}

export function useSaveSession(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: SessionInput & { id: number | null }) => saveSession(groupId, id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQueryOptions(groupId).queryKey }),
  });
}
