import { api } from '@/lib/api-client';
import { sessionStore, type LogoutReason } from '@/lib/session';

/**
 * GET /api/auth/logout revokes the token on the server; the local session ends whatever the answer (a user
 * who asks to leave is never kept in because the network failed).
 */
export async function logout(reason: LogoutReason = 'user'): Promise<void> {
  if (sessionStore.get()) {
    await api.get('/api/auth/logout', { silent: true, timeout: 5000 }).catch(() => undefined);
  }
  sessionStore.logout(reason);
}
