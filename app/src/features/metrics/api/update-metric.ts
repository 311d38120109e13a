import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { metricsQueryOptions, type Metric, type MetricInput } from './get-metrics';

/** POST /api/v1/clientportal/metrics/update: a metric's new name, unit, target and direction. */
async function updateMetric(input: MetricInput & { id: number }): Promise<Metric> {
  // Its form shows each field of the metric (not the id), with the API's reasons beside it.
  const { id: _id, ...metric } = input;
  const response = await api.post<Envelope<Metric>>('/api/v1/clientportal/metrics/update', input, {
    fields: Object.keys(metric),
  });
  return response.data.data;
}

export function useUpdateMetric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMetric,
    onSuccess: () => client.invalidateQueries({ queryKey: metricsQueryOptions().queryKey }),
  });
}
