import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { NotificationsPage } from '../../../../../contracts/rest/notifications';

export type { Notification } from '../../../../../contracts/rest/notifications';

const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsKey = (userId: number) => ['notifications', userId] as const;

/** GET /api/v1/notifications: the caller's notifications newest first, a page before `before` (an id). */
async function getNotifications(before: number | null, signal?: AbortSignal): Promise<NotificationsPage> {
  const params = { limit: NOTIFICATIONS_PAGE_SIZE, ...(before === null ? {} : { before }) };
  const response = await api.get<Envelope<NotificationsPage>>('/api/v1/notifications', { signal, params });
  return response.data.data;
}

const notificationsQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: notificationsKey(userId),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: NotificationsPage) => last.next_before ?? undefined,
    // Opened from the bell because its count moved: the list must be the server's now, not the cached one.
    staleTime: 0,
  });

export const useNotifications = (userId: number) => useInfiniteQuery(notificationsQueryOptions(userId));
