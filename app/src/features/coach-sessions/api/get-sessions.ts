import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface GroupSession {
  id: number;
  title: string;
  /** ISO instant. */
  starts_at: string;
  duration_minutes: number;
  /** The coach's zone when it was scheduled. */
  time_zone: string;
  meeting_url: string | null;
}

export interface Recording {
  id: number;
  title: string;
  recording_url: string;
  duration_minutes: number;
  recorded_at: string;
}

export interface GroupSessions {
  group: { id: number; title: string };
  /** The coach's zone: the times the coach types and reads. */
  time_zone: string;
  sessions: GroupSession[];
  members: { id: number; first_name: string; last_name: string; time_zone: string | null }[];
  recordings: Recording[];
}

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
