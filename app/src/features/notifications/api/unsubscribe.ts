import { api, type Envelope } from '@/lib/api-client';
import type { UnsubscribePage } from '../../../../../contracts/rest/notifications';

export type { UnsubscribePage };

const unsubscribePath = (token: string) => `/api/v1/unsubscribe/${encodeURIComponent(token)}`;

/**
 * GET /api/v1/unsubscribe/:token (no sign-in): what the mailed link would stop. Silent: a link that does not
 * work is the page's own state, not a toast.
 */
export async function getUnsubscribe(token: string): Promise<UnsubscribePage> {
  const response = await api.get<Envelope<UnsubscribePage>>(unsubscribePath(token), { silent: true });
  return response.data.data;
}

/** POST /api/v1/unsubscribe/:token: turns that kind's mail off for its person, and nothing else. */
export async function unsubscribe(token: string): Promise<void> {
  await api.post(unsubscribePath(token), {}, { silent: true });
}
