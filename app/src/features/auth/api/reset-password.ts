import { api, type Envelope } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import type { PasswordInput } from '../../../../../contracts/rest/auth';

/** A password chosen with a mailed token: a reset link's or an invitation's (contracts/rest/auth.ts). */
export type { PasswordInput } from '../../../../../contracts/rest/auth';

/** POST /api/password/reset: sets the new password with the mailed token (and ends every session). */
async function resetPassword(input: PasswordInput): Promise<string | undefined> {
  // Its form shows the two passwords' problems beside them; a dead token is a toast.
  const response = await api.post<Envelope<unknown>>('/api/password/reset', input, {
    fields: ['password', 'password_confirmation'],
  });
  return response.data.message;
}

export const useResetPassword = () => useAction(resetPassword);
