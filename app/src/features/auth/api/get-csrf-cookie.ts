import { api } from '@/lib/api-client';

/** GET sanctum/csrf-cookie (SPEC §7): called before the credentials are sent, as the contract expects. */
export async function getCsrfCookie(): Promise<void> {
  await api.get('/sanctum/csrf-cookie', { silent: true });
}
