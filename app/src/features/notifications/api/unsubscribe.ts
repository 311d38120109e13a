import { api, type Envelope } from '@/lib/api-client';
import type { UnsubscribeInfo } from './types';

const unsubscribePath = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

/**
 * GET /api/unsubscribe/:token (no sign-in): what the mailed link would stop. Silent: a link that does not work
 * is the page's own state, not a toast.
 */
export async function getUnsubscribe(token: string): Promise<UnsubscribeInfo> {
  const response = await api.get<Envelope<UnsubscribeInfo>>(unsubscribePath(token), { silent: true });
  return response.data.data;
}

/** POST /api/unsubscribe/:token: turns that kind's mail off for its person. */
export async function unsubscribe(token: string): Promise<void> {
  await api.post(unsubscribePath(token), {}, { silent: true });
}
