import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type {
  ListedEndpoint,
  WebhookEndpoint,
  WebhookEvents,
  WithSecret,
} from '../../../../../contracts/rest/admin-webhooks';

// The payload types are the API's schemas' (contracts/rest/admin-webhooks.ts).
export type { ListedEndpoint, WebhookEndpoint, WebhookEvents, WithSecret };

export const webhooksKey = ['admin-webhooks'] as const;

/** GET /api/v1/admin/webhooks: the tenant's endpoints, oldest first. */
async function getWebhooks(signal?: AbortSignal): Promise<ListedEndpoint[]> {
  const response = await api.get<Envelope<ListedEndpoint[]>>('/api/v1/admin/webhooks', { signal });
  return response.data.data;
}

export const useWebhooks = () =>
  useQuery(queryOptions({ queryKey: webhooksKey, queryFn: ({ signal }) => getWebhooks(signal) }));
