import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupSessions } from '../../../../../contracts/rest/coach-sessions';
import { api, type Envelope } from '@/lib/api-client';

// The payload types are the API's schemas' (contracts/rest/coach-sessions.ts), so a field the API does not answer
// is a type error here.
export type { GroupSession, GroupSessions, Recording } from '../../../../../contracts/rest/coach-sessions';

/** GET /api/v1/coach/groups/:id/sessions: the group's live sessions, members (with zones) and recordings. */
async function getSessions(groupId: number, signal?: AbortSignal): Promise<GroupSessions> {
  return (await api.get<Envelope<GroupSessions>>(`/api/v1/coach/groups/${groupId}/sessions`, { signal })).data
    .data;
}

export const sessionsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: ['coach', 'group-sessions', groupId],
    queryFn: ({ signal }) => getSessions(groupId, signal),
  });

/** Asks nothing for an id the address does not hold (null). */
export const useSessions = (groupId: number | null) =>
  useQuery({ ...sessionsQueryOptions(groupId ?? 0), enabled: groupId !== null });
