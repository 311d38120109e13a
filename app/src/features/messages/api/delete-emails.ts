import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';
import { mailboxKey } from '@/lib/mail';

const MUTATION = graphql`
  mutation DeleteEmails($user_id: Int!, $ids: [Int!]!) {
    deleteEmails(user_id: $user_id, ids: $ids)
  }
`;

/** GraphQL deleteEmails: hides the messages for the caller only; how many were deleted. */
function deleteEmails(userId: number, ids: number[]): Promise<number> {
  return gql<number>('deleteEmails', MUTATION, { user_id: userId, ids });
}

export function useDeleteEmails(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteEmails(userId, ids),
    // Lists, threads and the badge (an unread message deleted) all change.
    onSuccess: () => client.invalidateQueries({ queryKey: mailboxKey(userId) }),
  });
}
