import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { webhookKey } from './get-webhook';

type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface Delivery {
  id: number;
  event_id: string;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

interface DeliveryPage {
  deliveries: Delivery[];
  page: number;
  pages: number;
  total: number;
}

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
