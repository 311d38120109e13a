import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { EventType } from '../../../../../contracts/events';

/** Every event type (also those added later), or the chosen ones. */
export type WebhookEvents = 'all' | EventType[];

export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEvents;
  enabled: boolean;
  created_at: string;
  secret_rotated_at: string | null;
  /** After a rotation, until when the old secret signs beside the new one; null when it no longer does. */
  old_secret_expires_at: string | null;
}

/** An endpoint as listed, with how many of its deliveries were given up. */
export interface ListedEndpoint extends WebhookEndpoint {
  failed: number;
}

/** The answer of the calls that make a secret (add, rotate): the one time it is shown. */
export interface WithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export const webhooksKey = ['admin-webhooks'] as const;

/** GET /api/v1/admin/webhooks: the tenant's endpoints, oldest first. */
async function getWebhooks(signal?: AbortSignal): Promise<ListedEndpoint[]> {
  const response = await api.get<Envelope<ListedEndpoint[]>>('/api/v1/admin/webhooks', { signal });
  return response.data.data;
}

export const useWebhooks = () =>
  useQuery(queryOptions({ queryKey: webhooksKey, queryFn: ({ signal }) => getWebhooks(signal) }));
