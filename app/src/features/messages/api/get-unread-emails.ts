import { queryOptions } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';
import { unreadMailKey } from '@/lib/mail';

/** The badge refreshes every 60 s and when the window regains focus, whatever the 15-minute cache says. */
const UNREAD_REFRESH_MS = 60_000;

const QUERY = graphql`
  query UnreadEmails($user_id: Int!) {
    unreademails(user_id: $user_id)
  }
`;

/** GraphQL unreademails(user_id): how many of the member's mailbox messages are unread. */
async function getUnreadEmails(userId: number, signal?: AbortSignal): Promise<number> {
  const count = await gql<number>('unreademails', QUERY, { user_id: userId }, { signal, silent: true });
  return Number(count) || 0;
}

export const unreadEmailsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: unreadMailKey(userId),
    queryFn: ({ signal }) => getUnreadEmails(userId, signal),
    staleTime: 0,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
