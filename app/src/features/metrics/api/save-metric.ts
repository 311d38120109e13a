import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { metricsQueryOptions, type Metric, type MetricInput } from './get-metrics';

/** POST /api/v1/clientportal/metrics/save (201): a new metric to track. */
async function saveMetric(input: MetricInput): Promise<Metric> {
  const response = await api.post<Envelope<Metric>>('/api/v1/clientportal/metrics/save', input);
  return response.data.data;
}

export function useSaveMetric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMetric,
    onSuccess: () => client.invalidateQueries({ queryKey: metricsQueryOptions().queryKey }),
  });
}
