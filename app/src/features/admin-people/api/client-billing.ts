import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { CreditBalance, Offering, Payment } from '../../../../../contracts/rest/billing';

const creditsKey = (clientId: number) => ['admin', 'clients', clientId, 'credits'] as const;

/** GET /api/v1/admin/clients/:id/credits: the client's balance and grants. */
export const useAdminCredits = (clientId: number) =>
  useQuery({
    queryKey: creditsKey(clientId),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<CreditBalance>>(`/api/v1/admin/clients/${clientId}/credits`, { signal })).data
        .data,
  });

/** POST /api/v1/admin/clients/:id/credits: an adjustment up or down, with its reason (audited). */
export function useAdjustCredits(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { quantity: number; reason: string }) =>
      (await api.post<Envelope<CreditBalance>>(`/api/v1/admin/clients/${clientId}/credits`, input)).data.data,
    onSuccess: (balance) => queryClient.setQueryData(creditsKey(clientId), balance),
  });
}

/** The tenant's offerings (GET /api/v1/admin/offerings), for an offline payment's choice. */
export const useAdminOfferings = () =>
  useQuery({
    queryKey: ['admin', 'offerings'],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Offering[]>>('/api/v1/admin/offerings', { signal })).data.data,
  });

/** POST /api/v1/admin/payments/offline: the same path as a card's (payment, invoice, credits). */
export function useRecordOfflinePayment(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { offering_id: number; paid_on: string; note: string; amount?: number }) =>
      (await api.post<Envelope<Payment>>('/api/v1/admin/payments/offline', { client_id: clientId, ...input }))
        .data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
