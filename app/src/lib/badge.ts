import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from './api-client';
import { unreadMailKey } from './mail';
import type { Badge } from '../../../contracts/rest/notifications';

/** The shell asks every 60 s and when the window regains focus, whatever the 15-minute cache says. */
const BADGE_REFRESH_MS = 60_000;

/**
 * GET /api/v1/notifications/badge: the shell's one poll, for every role. It carries the bell's unread count and
 * the side menu's unread messages together, so the shell still makes one request a minute. Silent: a
 * failed poll leaves the last counts shown rather than a toast a minute.
 */
async function getBadge(signal?: AbortSignal): Promise<Badge> {
  const response = await api.get<Envelope<Badge>>('/api/v1/notifications/badge', { signal, silent: true });
  return response.data.data;
}

// Kept under the mailbox's key: reading a thread in either role's mailbox invalidates it (lib/mail.ts).
export const badgeQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: unreadMailKey(userId),
    queryFn: ({ signal }) => getBadge(signal),
    staleTime: 0,
    refetchInterval: BADGE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export const useBadge = (userId: number) => useQuery(badgeQueryOptions(userId));
