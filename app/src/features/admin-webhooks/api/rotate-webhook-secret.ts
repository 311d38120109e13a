import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { webhookKey } from './get-webhook';
import type { WithSecret } from './get-webhooks';

/** POST /api/v1/admin/webhooks/:id/rotate: a new secret at once, shown this once. */
async function rotateSecret(id: number): Promise<WithSecret> {
  const response = await api.post<Envelope<WithSecret>>(`/api/v1/admin/webhooks/${id}/rotate`, {});
  return response.data.data;
}

export function useRotateWebhookSecret(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rotateSecret(id),
    onSuccess: ({ endpoint }) => client.setQueryData(webhookKey(id), endpoint),
  });
}
