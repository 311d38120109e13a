import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';
import { EMAIL_FIELDS, mailboxKey, type Email } from './get-emails';

export interface EmailInput {
  subject: string;
  /** HTML. */
  body: string;
  /** The message this answers; none for a new message to the coach. */
  previous?: number;
  /** Ids from /upload/mail. */
  attachments: number[];
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

/** The arguments whose refusals the form shows beside them; `to` is the recipient (no coach yet). */
export type EmailField = 'subject' | 'body' | 'attachments' | 'to';

/** GraphQL sendEmail: a reply goes to the other party of `previous`, a new message to the coach. */
function sendEmail(userId: number, input: EmailInput): Promise<Email> {
  // A reply's form shows neither its subject (the thread's) nor its recipient (the thread's other party).
  const fields: EmailField[] =
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
