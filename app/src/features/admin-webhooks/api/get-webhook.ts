import { skipToken, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { webhooksKey, type WebhookEndpoint } from './get-webhooks';

export const webhookKey = (id: number | null) => [...webhooksKey, id] as const;

/** GET /api/v1/admin/webhooks/:id; silent: the page says a 404 as "not found" itself. */
async function getWebhook(id: number, signal?: AbortSignal): Promise<WebhookEndpoint> {
  const response = await api.get<Envelope<WebhookEndpoint>>(`/api/v1/admin/webhooks/${id}`, {
    signal,
    silent: true,
  });
  return response.data.data;
}

export const useWebhook = (id: number | null) =>
  useQuery({
    queryKey: webhookKey(id),
    // skipToken rather than `enabled`: an address whose id is no id asks nothing, and the type knows it.
    queryFn: id === null ? skipToken : ({ signal }) => getWebhook(id, signal),
  });
