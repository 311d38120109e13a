import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Offering, OfferingInput } from '../../../../../contracts/rest/billing';
import type { MeetingType } from '../../../../../contracts/rest/booking';

/** A coach's offerings are /api/v1/coach/offerings; an admin's (the tenant's and every coach's) /api/v1/admin/. */
export type Seller = 'coach' | 'admin';
const base = (seller: Seller) => `/api/v1/${seller}/offerings`;

export const useOfferings = (seller: Seller) =>
  useQuery({
    queryKey: [seller, 'offerings'],
    queryFn: async ({ signal }) => (await api.get<Envelope<Offering[]>>(base(seller), { signal })).data.data,
  });

/** The coach's meeting types, for what a package's credits book (an admin's offerings book any type). */
export const useMeetingTypes = (enabled: boolean) =>
  useQuery({
    queryKey: ['coach', 'meeting-types'],
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<MeetingType[]>>('/api/v1/coach/meeting-types', { signal })).data.data,
  });

export function useSaveOffering(seller: Seller) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: OfferingInput }) =>
      id === null
        ? (await api.post<Envelope<Offering>>(base(seller), input)).data.data
        : (await api.put<Envelope<Offering>>(`${base(seller)}/${id}`, input)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [seller, 'offerings'] }),
  });
}

export function useArchiveOffering(seller: Seller) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await api.post<Envelope<Offering>>(`${base(seller)}/${id}/archive`, { archived })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [seller, 'offerings'] }),
  });
}
