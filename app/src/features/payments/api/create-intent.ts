import { api, type Envelope } from '@/lib/api-client';
import type { PaymentIntent } from '../../../../../contracts/rest/payments';

/**
 * POST /integrations/stripe/create-intent: only the group is sent, the amount is the server's. The key names
 * one purchase attempt, so a retry (after a failed answer) gets the same PaymentIntent, never a second one.
 */
export async function createIntent(groupId: number, idempotencyKey: string): Promise<PaymentIntent> {
  const response = await api.post<Envelope<PaymentIntent>>(
    '/integrations/stripe/create-intent',
    { group_id: groupId },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return response.data.data;
}
