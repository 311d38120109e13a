import { useMutation } from '@tanstack/react-query';
import type { SharedMetrics } from '../../../../../contracts/rest/metrics';
import { api, type Envelope } from '@/lib/api-client';

/**
 * POST /api/v1/coachingportal/metrics/share/: mails the metrics to `email`, or with '' to the client's coach
 * (the API limits how often).
 */
async function shareMetrics(email: string): Promise<SharedMetrics> {
  const response = await api.post<Envelope<SharedMetrics>>(
    '/api/v1/coachingportal/metrics/share/',
    email ? { email } : {},
    // Its form shows the address's problems beside it.
    { fields: ['email'] },
  );
  return response.data.data;
}

export const useShareMetrics = () => useMutation({ mutationFn: shareMetrics });
