import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { webhookKey } from './get-webhook';
import type { WebhookChange } from '../../../../../contracts/rest/admin-webhooks';
import { webhooksKey, type WebhookEndpoint } from './get-webhooks';

/** POST /api/v1/admin/webhooks/:id: its events, or enabled / disabled. */
async function changeWebhook(id: number, change: WebhookChange): Promise<WebhookEndpoint> {
  const response = await api.post<Envelope<WebhookEndpoint>>(`/api/v1/admin/webhooks/${id}`, change, {
    fields: Object.keys(change),
  });
  return response.data.data;
}

export function useChangeWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: WebhookChange) => changeWebhook(id, change),
    onSuccess: (endpoint) => {
      client.setQueryData(webhookKey(id), endpoint);
      void client.invalidateQueries({ queryKey: webhooksKey, exact: true });
    },
  });
}
