import { api, type Envelope } from '@/lib/api-client';

/**
 * POST /api/email-change/confirm: the mailed link's token makes the new login email the person's. Silent: the
 * page says what happened, or why the link did not work, in place of a toast.
 */
export async function confirmEmailChange(token: string): Promise<string> {
  const response = await api.post<Envelope<{ email: string }>>(
    '/api/email-change/confirm',
    { token },
    { silent: true },
  );
  return response.data.message ?? `Your login email is now ${response.data.data.email}.`;
}
