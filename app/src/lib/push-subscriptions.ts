import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { PushKey, PushSubscriptionBody } from '../../../contracts/rest/push';

const PUSH_KEY_PATH = '/api/v1/push/key';
const PUSH_SUBSCRIPTIONS_PATH = '/api/v1/push/subscriptions';

/**
 * GET /api/v1/push/key: the server's VAPID public key, or null when push is off on this server. Asked only where
 * the browser could use it (`enabled`).
 */
export const usePushKey = (enabled: boolean) =>
  useQuery(
    queryOptions({
      enabled,
      queryKey: ['push', 'key'],
      queryFn: async ({ signal }) => (await api.get<Envelope<PushKey>>(PUSH_KEY_PATH, { signal })).data.data,
      // The key changes only with the server's configuration.
      staleTime: Infinity,
    }),
  );

/** POST /api/v1/push/subscriptions: this device's subscription, as PushSubscription.toJSON() gives it. */
export async function saveSubscription(subscription: PushSubscriptionBody): Promise<void> {
  await api.post(PUSH_SUBSCRIPTIONS_PATH, subscription);
}

/** DELETE /api/v1/push/subscriptions: the endpoint in the body (it is the device's secret: no URL, no log). */
export async function deleteSubscription(endpoint: string): Promise<void> {
  await api.delete(PUSH_SUBSCRIPTIONS_PATH, {}, { endpoint });
}
