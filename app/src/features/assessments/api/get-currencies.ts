import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Currency } from '../../../../../contracts/rest/assessments';

/** GET /api/v1/currencies: every currency an assessment can be counted in. */
async function getCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  const response = await api.get<Envelope<Currency[]>>('/api/v1/currencies', { signal });
  return response.data.data;
}

const currenciesQueryOptions = () =>
  queryOptions({ queryKey: ['currencies'], queryFn: ({ signal }) => getCurrencies(signal) });

export const useCurrencies = () => useQuery(currenciesQueryOptions());
