import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

/** POST /api/v1/admin/webhooks/:id/delete: the endpoint and its history. */
async function deleteWebhook(id: number): Promise<void> {
  await api.post(`/api/v1/admin/webhooks/${id}/delete`, {});
}

export function useDeleteWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWebhook(id),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey, exact: true }),
  });
}
