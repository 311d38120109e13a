import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { keysQueryOptions } from './get-keys';

/** POST /api/v1/admin/api-keys/:id/revoke: the key stops working at its next request. */
async function revokeKey(id: number): Promise<void> {
  await api.post(`/api/v1/admin/api-keys/${id}/revoke`, {});
}

export function useRevokeKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeKey,
    onSuccess: () => client.invalidateQueries({ queryKey: keysQueryOptions().queryKey }),
  });
}
