import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { badgeQueryOptions } from '@/lib/badge';
import { notificationsKey } from './get-notifications';
import type { MarkRead, NotificationsPage } from '../../../../../contracts/rest/notifications';

/** POST /api/v1/notifications/read: marks some (or all) of the caller's notifications read; the unread left. */
async function markRead(which: MarkRead): Promise<number> {
  const response = await api.post<Envelope<{ unread: number }>>('/api/v1/notifications/read', which);
  return response.data.data.unread;
}

/**
 * Marks notifications read. The list and the bell change at once (optimistic): a link opened from the list
 * leaves the page before the answer, and the bell must not show the old count meanwhile. The bell then takes
 * the server's count; a failure puts both back.
 */
export function useMarkRead(userId: number) {
  const client = useQueryClient();
  const badgeKey = badgeQueryOptions(userId).queryKey;
  const listKey = notificationsKey(userId);
  return useMutation({
    mutationFn: markRead,
    onMutate: async (which) => {
      // A poll in flight would land after the optimistic count and bring the old one back.
      await client.cancelQueries({ queryKey: badgeKey });
      const before = {
        badge: client.getQueryData(badgeKey),
        list: client.getQueryData<InfiniteData<NotificationsPage>>(listKey),
      };
      const now = new Date().toISOString();
      const marks = (id: number) => 'all' in which || which.ids.includes(id);
      let changed = 0;
      client.setQueryData<InfiniteData<NotificationsPage>>(listKey, (list) =>
        list
          ? {
              ...list,
              pages: list.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => {
                  if (item.read_at !== null || !marks(item.id)) return item;
                  changed += 1;
                  return { ...item, read_at: now };
                }),
              })),
            }
          : list,
      );
      client.setQueryData(badgeKey, (badge) =>
        badge
          ? { ...badge, notifications: 'all' in which ? 0 : Math.max(0, badge.notifications - changed) }
          : badge,
      );
      return before;
    },
    onSuccess: (unread) =>
      client.setQueryData(badgeKey, (badge) => (badge ? { ...badge, notifications: unread } : badge)),
    onError: (_error, _which, before) => {
      client.setQueryData(badgeKey, before?.badge);
      client.setQueryData(listKey, before?.list);
    },
  });
}
