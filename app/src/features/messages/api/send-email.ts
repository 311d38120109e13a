import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';
import { mailboxKey, type Email, type Letter, type LetterField } from '@/lib/mail';
import { EMAIL_FIELDS } from './get-emails';

interface EmailInput extends Letter {
  /** The message this answers; none for a new message to the coach. */
  previous?: number;
}

const MUTATION = graphql`
  mutation SendEmail(
    $user_id: Int!
    $subject: String!
    $body: String!
    $previous: Int
    $attachments: [Int!]
  ) {
    sendEmail(
      user_id: $user_id
      subject: $subject
      body: $body
      previous: $previous
      attachments: $attachments
    ) {
      ...EmailFields
    }
  }
  ${EMAIL_FIELDS}
`;

/** GraphQL sendEmail: a reply goes to the other party of `previous`, a new message to the coach. */
function sendEmail(userId: number, input: EmailInput): Promise<Email> {
  // A reply's form shows neither its subject (the thread's) nor its recipient (the thread's other party).
  const fields: LetterField[] =
    input.previous === undefined ? ['subject', 'body', 'attachments', 'to'] : ['body', 'attachments'];
  return gql<Email>('sendEmail', MUTATION, { user_id: userId, ...input }, { fields });
}

export function useSendEmail(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailInput) => sendEmail(userId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: mailboxKey(userId) }),
  });
}
