import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { CreditBalance } from '../../../../../contracts/rest/billing';

/** GET /api/v1/coach/clients/{id}/credits: the client's session credits (their own client's; else a 404). */
const clientCreditsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: ['coach', 'clients', clientId, 'credits'],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<CreditBalance>>(`/api/v1/coach/clients/${clientId}/credits`, { signal })).data
        .data,
  });

export const useClientCredits = (clientId: number) => useQuery(clientCreditsQueryOptions(clientId));
