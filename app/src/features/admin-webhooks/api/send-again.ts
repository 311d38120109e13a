import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesKey } from './get-deliveries';

/** POST .../deliveries/:deliveryId/again: the same event, due again now. */
async function sendAgain(endpointId: number, deliveryId: number): Promise<void> {
  await api.post(`/api/v1/admin/webhooks/${endpointId}/deliveries/${deliveryId}/again`, {});
}

export function useSendAgain(endpointId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => sendAgain(endpointId, deliveryId),
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
