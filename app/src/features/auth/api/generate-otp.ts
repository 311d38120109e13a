import { api, type Envelope } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import type { OtpAgain, OtpSent } from '../../../../../contracts/rest/auth';

/** POST /api/auth/generateOTP: mails a new code for the same challenge (the old code stops working). */
async function generateOtp(input: OtpAgain): Promise<Partial<OtpSent>> {
  const response = await api.post<Envelope<OtpSent | undefined>>('/api/auth/generateOTP', input);
  return response.data.data ?? {};
}

export const useGenerateOtp = () => useAction(generateOtp);
