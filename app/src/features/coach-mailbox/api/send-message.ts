import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { mailboxKey, type Email, type Letter } from '@/lib/mail';

/** The body fields whose 422 sentences the form shows beside them (the rest is a toast). */
const LETTER_FIELDS = ['subject', 'body', 'attachments'];

/**
 * POST /api/v1/coach/messages/:id/reply (an answer in a thread) or POST /api/v1/coach/messages (a new message
 * to one of the coach's clients): the message (201), which the client is mailed about.
 */
async function sendMessage(to: { thread: number } | { client: number }, letter: Letter): Promise<Email> {
  const response =
    'thread' in to
      ? await api.post<Envelope<Email>>(`/api/v1/coach/messages/${to.thread}/reply`, letter, {
          fields: LETTER_FIELDS,
        })
      : await api.post<Envelope<Email>>(
          '/api/v1/coach/messages',
          { client_id: to.client, ...letter },
          { fields: LETTER_FIELDS },
        );
  return response.data.data;
}

export function useSendMessage(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ to, letter }: { to: { thread: number } | { client: number }; letter: Letter }) =>
      sendMessage(to, letter),
    onSuccess: () => client.invalidateQueries({ queryKey: mailboxKey(userId) }),
  });
}
