import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { ReferralInput } from '../../../../../contracts/rest/support';

// The payload types are the API's schemas' (contracts/rest/support.ts).
export type { ReferralInput } from '../../../../../contracts/rest/support';

/** POST /api/v1/testimonials/addreferral (201): the API mails the person an invitation, once a day at most. */
async function addReferral(referral: ReferralInput): Promise<{ id: number }> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<{ id: number }>>('/api/v1/testimonials/addreferral', referral, {
    fields: Object.keys(referral),
  });
  return response.data.data;
}

export const useAddReferral = () => useMutation({ mutationFn: addReferral });
