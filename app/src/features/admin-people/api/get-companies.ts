import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Company } from '../../../../../contracts/rest/admin';

// The payload type is the API's schema's (contracts/rest/admin.ts).
export type { Company } from '../../../../../contracts/rest/admin';

/** GET /api/v1/admin/companies: every company of the tenant, by name, with how many people belong to it. */
async function getCompanies(signal?: AbortSignal): Promise<Company[]> {
  const response = await api.get<Envelope<Company[]>>('/api/v1/admin/companies', { signal });
  return response.data.data;
}

export const COMPANIES_KEY = ['admin', 'companies'] as const;

export const useCompanies = () =>
  useQuery(queryOptions({ queryKey: COMPANIES_KEY, queryFn: ({ signal }) => getCompanies(signal) }));
