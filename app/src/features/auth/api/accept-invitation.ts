import { api, type Envelope } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import type { PasswordInput } from './reset-password';

/** POST /api/password/invitation: the invited person's first password, set with the mailed link's token. */
async function acceptInvitation(input: PasswordInput): Promise<string | undefined> {
  // Like a reset: the two passwords' problems beside them; a used or expired link is a toast.
  const response = await api.post<Envelope<unknown>>('/api/password/invitation', input, {
    fields: ['password', 'password_confirmation'],
  });
  return response.data.message;
}

export const useAcceptInvitation = () => useAction(acceptInvitation);
