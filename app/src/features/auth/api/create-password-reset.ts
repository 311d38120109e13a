import { api, type Envelope } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

/** POST /api/password/create: mails a reset link (the same answer whether or not the account exists). */
async function createPasswordReset(email: string): Promise<string | undefined> {
  const response = await api.post<Envelope<unknown>>(
    '/api/password/create',
    { email: email.trim() },
    { fields: ['email'] },
  );
  return response.data.message;
}

export const useCreatePasswordReset = () => useAction(createPasswordReset);
