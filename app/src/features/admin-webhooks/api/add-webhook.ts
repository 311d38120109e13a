import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { NewWebhook } from '../../../../../contracts/rest/admin-webhooks';
import { webhooksKey, type WithSecret } from './get-webhooks';

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
