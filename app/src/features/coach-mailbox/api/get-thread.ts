import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, type Envelope } from '@/lib/api-client';
import { mailboxKey, unreadMailKey, type Email } from '@/lib/mail';
import { threadsKey } from './get-threads';

/**
 * GET /api/v1/coach/messages/:id: a thread oldest first; the server marks what was unread for the coach as it
 * answers (the messages still say `read: false` this once, so the page can show what is new). Silent: a 404 is
 * the page's "not found", not a toast.
 */
async function getThread(id: number, signal?: AbortSignal): Promise<Email[]> {
  const response = await api.get<Envelope<{ items: Email[] }>>(`/api/v1/coach/messages/${id}`, {
    signal,
    silent: true,
  });
  return response.data.data.items;
}

const threadKey = (userId: number, id: number) => [...mailboxKey(userId), 'coach-thread', id] as const;

/**
 * The thread, and once an answer arrives that had unread messages, the side menu's badge and the thread list
 * asked again (the server has just marked them read). Only those two: the thread itself is not refetched, or
 * every answer would ask for another.
 */
export function useThread(userId: number, id: number) {
  const client = useQueryClient();
  const query = useQuery(
    queryOptions({ queryKey: threadKey(userId, id), queryFn: ({ signal }) => getThread(id, signal) }),
  );
  const { data, dataUpdatedAt } = query;
  const hadUnread = (data ?? []).some((email) => email.to === userId && !email.read);
  useEffect(() => {
    if (!hadUnread) return;
    void client.invalidateQueries({ queryKey: unreadMailKey(userId) });
    void client.invalidateQueries({ queryKey: threadsKey(userId) });
  }, [client, userId, hadUnread, dataUpdatedAt]);
  return query;
}
