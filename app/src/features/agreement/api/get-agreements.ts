import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { ClientAgreement } from '../../../../../contracts/rest/agreements';

export type { ClientAgreement };

/** GET /api/v1/agreement: the agreements that apply to the client, each its current version and their signature. */
async function getAgreements(signal?: AbortSignal): Promise<ClientAgreement[]> {
  const response = await api.get<Envelope<ClientAgreement[]>>('/api/v1/agreement', { signal });
  return response.data.data;
}

export const agreementsQueryOptions = () =>
  queryOptions({ queryKey: ['agreement'], queryFn: ({ signal }) => getAgreements(signal) });

export const useAgreements = () => useQuery(agreementsQueryOptions());
