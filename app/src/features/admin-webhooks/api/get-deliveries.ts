import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { webhookKey } from './get-webhook';
import type { Delivery, DeliveryPage } from '../../../../../contracts/rest/admin-webhooks';

// The payload types are the API's schemas' (contracts/rest/admin-webhooks.ts).
export type { Delivery };

export const deliveriesKey = (id: number) => [...webhookKey(id), 'deliveries'] as const;

/** GET /api/v1/admin/webhooks/:id/deliveries?page=: newest first, 20 a page. */
async function getDeliveries(id: number, page: number, signal?: AbortSignal): Promise<DeliveryPage> {
  const response = await api.get<Envelope<DeliveryPage>>(`/api/v1/admin/webhooks/${id}/deliveries`, {
    params: { page },
    signal,
  });
  return response.data.data;
}

/**
 * Asked again every few seconds while a delivery on the page is still pending, so a try's outcome shows without
 * a reload; the previous page stays on screen while the next one loads.
 */
export const useDeliveries = (id: number, page: number) =>
  useQuery({
    queryKey: [...deliveriesKey(id), page],
    queryFn: ({ signal }) => getDeliveries(id, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 3000 : false,
  });
