import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';
import { badgeQueryOptions } from '@/lib/badge';
import { mailboxKey, type Email } from '@/lib/mail';
import { threadQueryOptions } from './get-emails';

const MUTATION = graphql`
  mutation MarkEmailRead($user_id: Int!, $ids: [Int!]!) {
    markEmailRead(user_id: $user_id, ids: $ids, read: true)
  }
`;

/** GraphQL markEmailRead: how many of `ids` changed. */
function markEmailRead(userId: number, ids: number[]): Promise<number> {
  return gql<number>('markEmailRead', MUTATION, { user_id: userId, ids });
}

/**
 * Marks a thread's unread messages read. The side-menu badge and the thread drop them at once (optimistic);
 * a failure puts both back, and either way the mailbox is then reconciled with the server.
 */
export function useMarkThreadRead(userId: number, thread: number) {
  const client = useQueryClient();
  const unreadKey = badgeQueryOptions(userId).queryKey;
  const threadKey = threadQueryOptions(userId, thread).queryKey;
  return useMutation({
    mutationFn: (ids: number[]) => markEmailRead(userId, ids),
    onMutate: async (ids) => {
      // A refetch in flight would land after the optimistic value and bring the old count back.
      await Promise.all([
        client.cancelQueries({ queryKey: unreadKey }),
        client.cancelQueries({ queryKey: threadKey }),
      ]);
      const before = { unread: client.getQueryData(unreadKey), thread: client.getQueryData(threadKey) };
      client.setQueryData(unreadKey, (badge) =>
        badge ? { ...badge, messages: Math.max(0, badge.messages - ids.length) } : badge,
      );
      client.setQueryData(threadKey, (emails?: Email[]) =>
        emails?.map((email) => (ids.includes(email.id) ? { ...email, read: true } : email)),
      );
      return before;
    },
    onError: (_error, _ids, before) => {
      client.setQueryData(unreadKey, before?.unread);
      client.setQueryData(threadKey, before?.thread);
    },
    onSettled: () => client.invalidateQueries({ queryKey: mailboxKey(userId) }),
  });
}
