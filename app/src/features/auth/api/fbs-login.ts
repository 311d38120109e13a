import { api } from '@/lib/api-client';
import { browserLabel } from './device-label';
import { acceptSignedIn, type SignedInAnswer } from './signed-in';

/** POST /api/auth/fbslogin: exchanges a mailed single-use sign-in link token for a session. */
export async function fbsLogin(token: string): Promise<unknown> {
  const response = await api.post<SignedInAnswer>(
    '/api/auth/fbslogin',
    { token, browser: browserLabel() },
    // The page explains a dead link itself, with a way back to the login page.
    { silent: true },
  );
  return acceptSignedIn(response.data);
}
