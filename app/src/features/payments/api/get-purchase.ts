import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Purchase } from '../../../../../contracts/rest/payments';

// The group's price (amount in the currency's minor unit) and the purchase's state (contracts/rest/payments.ts).
export type { Purchase } from '../../../../../contracts/rest/payments';

/** POST /api/v1/users/studentpaid/: the group's price and where the client's purchase stands (read only). */
async function getPurchase(groupId: number, signal?: AbortSignal): Promise<Purchase> {
  const response = await api.post<Envelope<Purchase>>(
    '/api/v1/users/studentpaid/',
    { group_id: groupId },
    { signal },
  );
  return response.data.data;
}

const purchaseQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: ['purchase', groupId], queryFn: ({ signal }) => getPurchase(groupId, signal) });

/** While `waiting` (the card was accepted), asks every 2 s until the webhook has marked the group paid. */
export const usePurchase = (groupId: number, waiting = false) =>
  useQuery({
    ...purchaseQueryOptions(groupId),
    refetchInterval: (query) => (waiting && !query.state.data?.paid ? 2000 : false),
  });
