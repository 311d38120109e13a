import { api } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import { browserLabel } from './device-label';
import type { OtpCheck } from '../../../../../contracts/rest/auth';
import { acceptSignedIn, type SignedInAnswer } from './signed-in';

/** POST /api/v1/verifyOTP: the mailed code signs the user in and makes this device trusted. */
async function verifyOtp(input: OtpCheck): Promise<unknown> {
  // Its form shows the code's problems beside the code.
  const response = await api.post<SignedInAnswer>(
    '/api/v1/verifyOTP',
    { ...input, browser: browserLabel() },
    { fields: ['otp'] },
  );
  return acceptSignedIn(response.data);
}

export const useVerifyOtp = () => useAction(verifyOtp);
