import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { metricsQueryOptions, type Metric, type MetricInput } from './get-metrics';

/** POST /api/v1/clientportal/metrics/save (201): a new metric to track. */
async function saveMetric(input: MetricInput): Promise<Metric> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<Metric>>('/api/v1/clientportal/metrics/save', input, {
    fields: Object.keys(input),
  });
  return response.data.data;
}

export function useSaveMetric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMetric,
    onSuccess: () => client.invalidateQueries({ queryKey: metricsQueryOptions().queryKey }),
  });
}
