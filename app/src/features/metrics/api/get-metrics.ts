import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export type Direction = 'up' | 'down';

interface MetricValue {
  /** 'YYYY-MM' */
  period: string;
  value: number;
  note: string;
  updated_at: string;
}

export interface Metric {
  id: number;
  name: string;
  unit: string;
  target: number | null;
  /** Which way is better: 'up' (revenue) or 'down' (complaints). */
  direction: Direction;
  /** One per month, oldest first. */
  values: MetricValue[];
  created_at: string;
  updated_at: string;
}

export interface MetricInput {
  name: string;
  unit: string;
  target: number | null;
  direction: Direction;
}

/** POST /api/v1/clientportal/metrics/list/: the client's metrics with every recorded month. */
async function getMetrics(signal?: AbortSignal): Promise<Metric[]> {
  const response = await api.post<Envelope<Metric[]>>('/api/v1/clientportal/metrics/list/', {}, { signal });
  return response.data.data;
}

export const metricsQueryOptions = () =>
  queryOptions({ queryKey: ['metrics'], queryFn: ({ signal }) => getMetrics(signal) });

export const useMetrics = () => useQuery(metricsQueryOptions());
