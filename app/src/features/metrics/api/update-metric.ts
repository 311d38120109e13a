import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { metricsQueryOptions, type Metric, type MetricInput } from './get-metrics';

/** POST /api/v1/clientportal/metrics/update: a metric's new name, unit, target and direction. */
async function updateMetric(input: MetricInput & { id: number }): Promise<Metric> {
  const response = await api.post<Envelope<Metric>>('/api/v1/clientportal/metrics/update', input);
  return response.data.data;
}

export function useUpdateMetric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMetric,
    onSuccess: () => client.invalidateQueries({ queryKey: metricsQueryOptions().queryKey }),
  });
}
