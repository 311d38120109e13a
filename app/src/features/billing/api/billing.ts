import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import type { BillingPage, Purchase, PurchaseStarted } from '../../../../../contracts/rest/billing';

const BILLING_KEY = ['billing'] as const;

/** GET /api/v1/billing: what is open to the client, what they bought, their credits and invoices. */
const billingQueryOptions = () =>
  queryOptions({
    queryKey: BILLING_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<BillingPage>>('/api/v1/billing', { signal })).data.data,
  });

/**
 * While `waitingFor` (a card was accepted), asks every 2 s until the webhook has made the purchase active. The
 * purchase is made by the buy itself, after the page was read, so one the page does not list yet is waited for
 * too.
 */
export const useBilling = (waitingFor: number | null = null) =>
  useQuery({
    ...billingQueryOptions(),
    refetchInterval: (query) => {
      if (waitingFor === null) return false;
      const status = query.state.data?.purchases.find((p) => p.id === waitingFor)?.status;
      return status === undefined || status === 'pending' ? 2000 : false;
    },
  });

/** POST …/offerings/:id/buy: the price is the server's; the key makes a double click one purchase. */
export async function buyOffering(offeringId: number, idempotencyKey: string): Promise<PurchaseStarted> {
  const response = await api.post<Envelope<PurchaseStarted>>(`/api/v1/billing/offerings/${offeringId}/buy`, {
    idempotency_key: idempotencyKey,
  });
  return response.data.data;
}

/** POST …/purchases/:id/cancel: a subscription or plan stops at the end of the period (or goes on again). */
export function useCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, cancel }: { id: number; cancel: boolean }) =>
      (
        await api.post<Envelope<Purchase>>(`/api/v1/billing/purchases/${id}/cancel`, {
          cancel_at_period_end: cancel,
        })
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}

/** POST …/purchases/:id/change: another subscription of the same coach; Stripe prorates. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, offeringId }: { id: number; offeringId: number }) =>
      (
        await api.post<Envelope<Purchase>>(`/api/v1/billing/purchases/${id}/change`, {
          offering_id: offeringId,
        })
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}

/** An invoice's PDF: the route wants the bearer token, so it comes as a blob saved under its number. */
export async function downloadInvoice(id: number, number: string): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/billing/invoices/${id}/pdf`, { responseType: 'blob' });
  saveBlob(response.data, `${number}.pdf`);
}
