import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface ReferralInput {
  first_name: string;
  last_name: string;
  email: string;
  note: string;
}

/** POST /api/v1/testimonials/addreferral (201): the API mails the person an invitation, once a day at most. */
async function addReferral(referral: ReferralInput): Promise<{ id: number }> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<{ id: number }>>('/api/v1/testimonials/addreferral', referral, {
    fields: Object.keys(referral),
  });
  return response.data.data;
}

export const useAddReferral = () => useMutation({ mutationFn: addReferral });
