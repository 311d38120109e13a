import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { MonthInput } from '../../../../../contracts/rest/metrics';
import { metricsQueryOptions, type Metric } from './get-metrics';

export type { MonthInput };

/** POST /api/v1/tracker/monthly: records one month of a metric (a month sent again replaces it). */
async function trackMonth(input: MonthInput): Promise<Metric> {
  // Its form shows the month, value and note, with the API's reasons beside them.
  const response = await api.post<Envelope<Metric>>('/api/v1/tracker/monthly', input, {
    fields: ['period', 'value', 'note'],
  });
  return response.data.data;
}

export function useTrackMonth() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: trackMonth,
    onSuccess: () => client.invalidateQueries({ queryKey: metricsQueryOptions().queryKey }),
  });
}
