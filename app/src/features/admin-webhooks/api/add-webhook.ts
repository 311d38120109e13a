import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { webhooksKey, type WebhookEvents, type WithSecret } from './get-webhooks';

interface NewWebhook {
  url: string;
  events: WebhookEvents;
}

/** POST /api/v1/admin/webhooks: the endpoint and its signing secret, shown this once. */
async function addWebhook(input: NewWebhook): Promise<WithSecret> {
  const response = await api.post<Envelope<WithSecret>>('/api/v1/admin/webhooks', input, {
    fields: ['url', 'events'],
  });
  return response.data.data;
}

export function useAddWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}
