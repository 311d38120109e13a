import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface Purchase {
  group_id: number;
  title: string;
  /** The group's price in the currency's minor unit (4900 is $49.00), as the server will charge it. */
  amount: number;
  currency: string;
  paid: boolean;
  status: 'none' | 'pending' | 'succeeded' | 'failed';
  paid_at: string | null;
}

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
