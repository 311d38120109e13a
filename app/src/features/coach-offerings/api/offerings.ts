import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Offering, OfferingInput } from '../../../../../contracts/rest/billing';
import type { MeetingType } from '../../../../../contracts/rest/booking';
import type { GroupRow } from '../../../../../contracts/rest/coach-authoring';
import type { ClientChoice } from '../../../../../contracts/rest/coach-inputs';
import type { PeoplePage } from '../../../../../contracts/rest/admin';

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

/** The groups an offering may be sold to: a coach's own, an admin's any of the tenant's. */
export const useSellerGroups = (seller: Seller, enabled: boolean) =>
  useQuery({
    queryKey: [seller, 'offering-groups'],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<Pick<GroupRow, 'id' | 'title'>[]>>(
          seller === 'coach' ? '/api/v1/coach/groups' : '/api/v1/admin/groups',
          { signal },
        )
      ).data.data.map(({ id, title }) => ({ id, title })),
  });

export interface Invitee {
  id: number;
  name: string;
}

/**
 * The clients an offering may invite: a coach's own; an admin's the tenant's active clients, the first 100 by
 * the admin people list's order (its page's largest), narrowed by `search` on the server.
 */
export const useInvitees = (seller: Seller, search = '') =>
  useQuery({
    queryKey: [seller, 'offering-invitees', search],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Invitee[]> => {
      const name = (p: { id: number; first_name: string; last_name: string }) => ({
        id: p.id,
        name: `${p.first_name} ${p.last_name}`.trim(),
      });
      if (seller === 'coach')
        return (await api.get<Envelope<ClientChoice[]>>('/api/v1/coach/clients', { signal })).data.data.map(
          name,
        );
      const params = { role: 'client', status: 'active', per_page: 100, ...(search && { search }) };
      return (await api.get<PeoplePage>('/api/v1/admin/people', { params, signal })).data.data.map(name);
    },
  });

/** What a save did: the offering as the server keeps it; `invitationsRefused` when only the invitations were. */
interface Saved {
  offering: Offering;
  invitationsRefused?: unknown;
}

/**
 * Saves an offering and then, when it is for invited clients, who is invited (PUT …/invitations: the second call
 * needs the offering's id, so a new one is made first). A refusal of the invitations leaves the offering saved
 * and is answered, not thrown, so the form can keep its choices and edit the saved offering on retry.
 */
export function useSaveOffering(seller: Seller) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      invited,
    }: {
      id: number | null;
      input: OfferingInput;
      invited: number[] | null;
    }): Promise<Saved> => {
      const offering =
        id === null
          ? (await api.post<Envelope<Offering>>(base(seller), input, { fields: OFFERING_FIELDS })).data.data
          : (await api.put<Envelope<Offering>>(`${base(seller)}/${id}`, input, { fields: OFFERING_FIELDS }))
              .data.data;
      if (invited === null) return { offering };
      try {
        const url = `${base(seller)}/${offering.id}/invitations`;
        const body = { client_ids: invited };
        return {
          offering: (await api.put<Envelope<Offering>>(url, body, { fields: ['client_ids'] })).data.data,
        };
      } catch (invitationsRefused) {
        return { offering, invitationsRefused };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [seller, 'offerings'] }),
  });
}

/** The offering fields the form shows its 422 sentences beside. */
const OFFERING_FIELDS = [
  'title',
  'sessions',
  'valid_months',
  'instalments',
  'price',
  'interval',
  'group_id',
  'meeting_type_id',
] as const;

export function useArchiveOffering(seller: Seller) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await api.post<Envelope<Offering>>(`${base(seller)}/${id}/archive`, { archived })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [seller, 'offerings'] }),
  });
}
