import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { CoachClientAgreement } from '../../../../../contracts/rest/agreements';

/** GET /api/v1/coach/clients/{id}/agreement: the agreement that applies with this coach, and its signature. */
async function getClientAgreement(clientId: number, signal?: AbortSignal): Promise<CoachClientAgreement> {
  const url = `/api/v1/coach/clients/${clientId}/agreement`;
  return (await api.get<Envelope<CoachClientAgreement>>(url, { signal })).data.data;
}

const clientAgreementQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: ['coach', 'clients', clientId, 'agreement'],
    queryFn: ({ signal }) => getClientAgreement(clientId, signal),
  });

export const useClientAgreement = (clientId: number) => useQuery(clientAgreementQueryOptions(clientId));
