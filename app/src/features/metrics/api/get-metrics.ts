import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Metric } from '../../../../../contracts/rest/metrics';
import { api, type Envelope } from '@/lib/api-client';

// The payload types are the API's schemas' (contracts/rest/metrics.ts), so a field the API does not answer is a
// type error here.
export type { Direction, Metric, MetricInput } from '../../../../../contracts/rest/metrics';

/** POST /api/v1/clientportal/metrics/list/: the client's metrics with every recorded month. */
async function getMetrics(signal?: AbortSignal): Promise<Metric[]> {
  const response = await api.post<Envelope<Metric[]>>('/api/v1/clientportal/metrics/list/', {}, { signal });
  return response.data.data;
}

export const metricsQueryOptions = () =>
  queryOptions({ queryKey: ['metrics'], queryFn: ({ signal }) => getMetrics(signal) });

export const useMetrics = () => useQuery(metricsQueryOptions());
